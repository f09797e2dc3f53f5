/// RFC 8264's FreeformClass over an enforced name: each character's derived property, and the
/// context rules of RFC 5892 Appendix A for the characters that have one.
enum FreeformClass {
    /// A character the class refuses, at its index in the enforced name.
    struct Violation {
        /// The index in the enforced name's scalars.
        let index: Int
        /// The character.
        let scalar: Unicode.Scalar
        /// Why.
        let verdict: PrecisVerdict
        /// The rule that failed, for a contextual character.
        let rule: ValidationError.DisplayNameDetail.ContextRule?

        /// The detail, for a character at `position` of the name as given.
        func detail(position: Int) -> ValidationError.DisplayNameDetail {
            if let rule { return .contextRule(scalar, position: position, rule: rule) }
            switch verdict {
            case .control: return .controlCharacter(scalar, position: position)
            case .bidiControl: return .bidiControl(scalar, position: position)
            case .invisible: return .invisibleCharacter(scalar, position: position)
            case .unassigned: return .unassignedCharacter(scalar, position: position)
            case .otherDisallowed, .allowed, .contextJ, .contextO:
                return .disallowedCharacter(scalar, position: position)
            }
        }

        /// The problem's kind: one problem is reported a kind, at its first character.
        var kind: Int { rule == nil ? Int(verdict.rawValue) : 100 }
    }

    /// The first character the class refuses of each kind, in order; `nil` when every
    /// character is allowed. Protected scalars (an emoji sequence kept whole) are not judged.
    static func firstViolations(_ buffer: ScalarBuffer, tables: UnicodeData) -> [Violation]? {
        var violations: [Violation]? = nil
        for index in 0..<buffer.count {
            let raw = buffer.scalars[index]
            if raw & ScalarBuffer.protectedBit != 0 { continue }
            if raw >= 0x21 && raw <= 0x7E || raw == 0x20 { continue }
            let record = tables.record(raw)
            var rule: ValidationError.DisplayNameDetail.ContextRule? = nil
            switch record.verdict {
            case .allowed: continue
            case .contextJ, .contextO:
                rule = failedRule(raw, at: index, in: buffer, tables: tables)
                if rule == nil { continue }
            default: break
            }
            let violation = Violation(index: index, scalar: Unicode.Scalar(raw)!, verdict: record.verdict, rule: rule)
            if violations == nil { violations = [] }
            if !violations!.contains(where: { $0.kind == violation.kind }) { violations!.append(violation) }
        }
        return violations
    }

    /// The context rule `scalar` at `index` breaks, or `nil` when its context allows it.
    static func failedRule(
        _ scalar: UInt32,
        at index: Int,
        in buffer: ScalarBuffer,
        tables: UnicodeData
    ) -> ValidationError.DisplayNameDetail.ContextRule? {
        let before: UInt32? = index > 0 ? buffer.value(at: index - 1) : nil
        let after: UInt32? = index + 1 < buffer.count ? buffer.value(at: index + 1) : nil
        func isVirama(_ value: UInt32?) -> Bool {
            value.map { tables.record($0).canonicalCombiningClass == 9 } ?? false
        }
        switch scalar {
        case 0x200C:
            if isVirama(before) || joins(buffer, around: index, tables: tables) { return nil }
            return .zeroWidthNonJoiner
        case 0x200D:
            return isVirama(before) ? nil : .zeroWidthJoiner
        case 0x00B7:
            return before == 0x6C && after == 0x6C ? nil : .middleDot
        case 0x0375:
            return after.map { tables.record($0).scriptGroup == .greek } ?? false ? nil : .greekKeraia
        case 0x05F3, 0x05F4:
            return before.map { tables.record($0).scriptGroup == .hebrew } ?? false ? nil : .hebrewPunctuation
        case 0x30FB:
            for position in 0..<buffer.count
            where tables.record(buffer.value(at: position)).scriptGroup == .hiraganaKatakanaHan {
                return nil
            }
            return .katakanaMiddleDot
        case 0x0660...0x0669:
            return buffer.scalars.contains { ($0 & ~ScalarBuffer.protectedBit) &- 0x06F0 < 10 }
                ? .arabicIndicDigits : nil
        case 0x06F0...0x06F9:
            return buffer.scalars.contains { ($0 & ~ScalarBuffer.protectedBit) &- 0x0660 < 10 }
                ? .extendedArabicIndicDigits : nil
        default:
            return nil
        }
    }

    /// RFC 5892 A.1's regular expression: (Joining_Type:{L,D})(Joining_Type:T)* before, and
    /// (Joining_Type:T)*(Joining_Type:{R,D}) after.
    private static func joins(_ buffer: ScalarBuffer, around index: Int, tables: UnicodeData) -> Bool {
        func scan(_ positions: some Sequence<Int>, end: UnicodeScalarRecord.JoiningType) -> Bool {
            for position in positions {
                let type = tables.record(buffer.value(at: position)).joiningType
                if type == end || type == .dual { return true }
                if type != .transparent { return false }
            }
            return false
        }
        return scan(stride(from: index - 1, through: 0, by: -1), end: .left)
            && scan(index + 1..<buffer.count, end: .right)
    }
}

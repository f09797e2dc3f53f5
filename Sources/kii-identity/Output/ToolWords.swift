import KiiIdentity

/// The tool's own words around the problems (report headings, hints), in each language;
/// the problems' reasons come from the library's catalogs.
struct ToolWords {
    let language: ValidationError.Language

    init(_ language: ValidationError.Language) {
        self.language = language
    }

    /// `3 records, 1 valid, 2 invalid, 0 conflicts`.
    func totals(records: Int, valid: Int, invalid: Int, conflicts: Int) -> String {
        switch language {
        case .english: "\(records) records, \(valid) valid, \(invalid) invalid, \(conflicts) conflicts"
        case .japanese: "レコード \(records) 件（有効 \(valid) 件、無効 \(invalid) 件）、重複 \(conflicts) 件"
        }
    }

    /// The report's header: whose phone metadata judged the numbers.
    func phoneMetadata(_ source: PhoneMetadataSource) -> String {
        switch (language, source.releaseDate) {
        case (.english, let date?): "phone metadata: \(source.name) (bundled, \(date))"
        case (.english, nil): "phone metadata: \(source.name) (system)"
        case (.japanese, let date?): "電話番号メタデータ: \(source.name)（同梱、\(date)）"
        case (.japanese, nil): "電話番号メタデータ: \(source.name)（システム）"
        }
    }

    /// The heading of the counts per code.
    var problemsByCode: String {
        switch language {
        case .english: "Problems by code:"
        case .japanese: "コード別の問題数:"
        }
    }

    /// The heading of the uniqueness conflicts.
    var conflictsHeading: String {
        switch language {
        case .english: "Conflicts (one value, several records):"
        case .japanese: "重複（同じ値を持つ複数のレコード）:"
        }
    }

    /// The heading of the groups of usernames that look alike.
    var lookalikesHeading: String {
        switch language {
        case .english: "Lookalike usernames (one lookalike key, different usernames):"
        case .japanese: "紛らわしいユーザー名（類似キーが同じ別々のユーザー名）:"
        }
    }

    /// `b0b (line 2)`, `bob (lines 1, 3)`.
    func username(_ name: String, lines numbers: [Int]) -> String {
        let place = numbers.count == 1 ? line(numbers[0]) : lines(numbers)
        switch language {
        case .english: return "\(name) (\(place))"
        case .japanese: return "\(name)（\(place)）"
        }
    }

    /// `a, b`.
    func list(_ items: [String]) -> String {
        items.joined(separator: language == .japanese ? "、" : ", ")
    }

    /// `lines 2, 5`.
    func lines(_ numbers: [Int]) -> String {
        let list = numbers.map(String.init)
        switch language {
        case .english: return "lines " + list.joined(separator: ", ")
        case .japanese: return list.joined(separator: "、") + " 行目"
        }
    }

    /// The heading of the problem list when it is complete.
    var problems: String {
        switch language {
        case .english: "Problems:"
        case .japanese: "問題:"
        }
    }

    /// The heading of the problem list when it is cut at `count`.
    func firstProblems(_ count: Int) -> String {
        switch language {
        case .english: "First \(count) problems:"
        case .japanese: "最初の \(count) 件の問題:"
        }
    }

    /// `line 3`.
    func line(_ number: Int) -> String {
        switch language {
        case .english: "line \(number)"
        case .japanese: "\(number) 行目"
        }
    }

    /// The note after a cut problem list.
    func more(_ count: Int) -> String {
        switch language {
        case .english: "... \(count) more (use --limit to see more)"
        case .japanese: "ほか \(count) 件（--limit で表示件数を増やせます）"
        }
    }

    /// The hint for digits read as a username.
    static func localPhoneHint(in language: ValidationError.Language) -> String {
        switch language {
        case .english: "digits only, so read as a username; with --country it is a local phone number"
        case .japanese: "数字だけのためユーザー名として読みました（--country を指定すると国内電話番号形式として読みます）"
        }
    }
}

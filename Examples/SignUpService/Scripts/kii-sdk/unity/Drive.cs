// Runs Kii's Unity SDK core (KiiCloudStorageSDK.dll with JsonOrg.dll, unmodified, supplied by
// the user at run time) against a running SignUpService, under Mono, through one of two
// transports, and prints one line a step: "ok", "FAIL" with what went wrong, or "skip" for an
// identifier the SDK refuses itself without sending anything; the last line counts them. Exit status 0 when every step passed, 1 otherwise, 2 on a usage error.
//
//   --transport httpwebrequest   the SDK's own client (System.Net.HttpWebRequest), as in .NET,
//                                Mono and the Unity editor;
//   --transport www              the rules of the SDK's unity/http client over Unity's WWW
//                                (UnityEngine is not here): every call a POST, GET/PUT/DELETE as
//                                X-HTTP-Method-Override with the dummy {"_method":…} body, a POST
//                                without body as application/X-Dummy-Content, WWW's
//                                application/x-www-form-urlencoded when no type is set, the status
//                                read from X-HTTP-Status-Code only, and no error body.
//
// Written for this repository; it holds nothing of Kii's code. Passwords are never printed.
using System;
using System.Collections.Generic;
using System.IO;
using System.Net;
using System.Text;
using KiiCorp.Cloud.Storage;

public static class Drive
{
    static int passed;
    static int failed;
    static int skipped;
    /// This program's output; Console.Out is silenced, since the SDK writes its own notes there
    /// ("Exception …" without a line end, on every error it receives).
    static readonly TextWriter Out = Console.Out;
    static readonly string Tag = Guid.NewGuid().ToString("N").Substring(0, 8);

    public static int Main(string[] args)
    {
        Console.SetOut(TextWriter.Null);
        var options = new Dictionary<string, string>();
        for (int i = 0; i + 1 < args.Length; i += 2) { options[args[i].TrimStart('-')] = args[i + 1]; }
        string baseUrl, appId, appKey, transport;
        if (!options.TryGetValue("base-url", out baseUrl) || !options.TryGetValue("app-id", out appId)
            || !options.TryGetValue("app-key", out appKey) || !options.TryGetValue("transport", out transport)
            || (transport != "httpwebrequest" && transport != "www"))
        {
            Console.Error.WriteLine("usage: Drive.exe --transport httpwebrequest|www --base-url URL --app-id ID --app-key KEY");
            return 2;
        }
        Out.WriteLine("# Kii Unity SDK " + typeof(KiiUser).Assembly.GetName().Version + " (" + transport + ")");
        Out.WriteLine("# service " + baseUrl + ", app " + appId + ", run tag " + Tag);
        Step("initialise", () =>
        {
            if (transport == "www")
            {
                var factory = new WWWRulesClientFactory();
                Kii.Initialize(appId, appKey, baseUrl, factory, factory);
            }
            else
            {
                Kii.Initialize(appId, appKey, baseUrl);
            }
            return "Kii.Initialize(appID, appKey, \"" + baseUrl + "\")";
        });
        Run();
        Out.WriteLine("# " + passed + " ok, " + skipped + " skipped, " + failed + " failed");
        return failed == 0 ? 0 : 1;
    }

    static void Run()
    {
        string ann = "ann_" + Tag, email = ann + "@example.com", phone = JapaneseMobile("090");
        string bob = "bob_" + Tag, bobEmail = bob + "@example.com", bobPhone = JapaneseMobile("080");
        string password = "Ann-pass-1", newPassword = "Ann-new-1", bobPassword = "Bob-pass-1";
        string annID = null, bobID = null, token = null;

        Step("register", () =>
        {
            KiiUser user = KiiUser.BuilderWithName(ann).SetEmail(email).SetLocalPhone(phone, "JP").Build();
            user.Displayname = "Ann " + Tag;
            user["score"] = 1;
            user["team"] = "red";
            user.Register(password);
            annID = user.ID;
            Expect(user.Phone == "+81" + phone.Substring(1), "phone read back as " + user.Phone);
            Expect(user.EmailVerified && user.PhoneVerified, "verified flags " + user.EmailVerified + "/" + user.PhoneVerified);
            token = KiiUser.AccessToken;
            return "user " + annID + " (" + ann + ", " + email + ", " + phone + " JP), logged in, refreshed";
        });
        foreach (var identifier in new[] { ann, ann.ToUpperInvariant(), email, "+81" + phone.Substring(1) })
        {
            Step("log in (" + identifier + ")", () => SameUser(KiiUser.LogIn(identifier, password), annID));
        }
        foreach (var identifier in new[] { "EMAIL:" + email, "PHONE:+81" + phone.Substring(1) })
        {
            Step("log in (" + identifier + ")", () => SameUser(KiiUser.LogIn(identifier, password), annID), sdkMayRefuse: true);
        }
        Step("log in with local phone (" + phone + ", JP)", () => SameUser(KiiUser.LogInWithLocalPhone(phone, password, "JP"), annID));
        Step("log in with token", () => SameUser(KiiUser.LoginWithToken(token), annID));
        Step("refresh", () =>
        {
            KiiUser user = KiiUser.CurrentUser;
            user.Refresh();
            Expect(user.Username == ann && user.Email == email && user.Country == "JP", "read " + user.Username + ", " + user.Email);
            Expect(Convert.ToInt32(user["score"]) == 1 && (string)user["team"] == "red", "custom fields");
            return "loginName, emailAddress, phoneNumber, country, displayName, score and team as registered";
        });
        Step("update (identity data and user fields: the whole user sent back)", () =>
        {
            KiiUser user = KiiUser.CurrentUser;
            var fields = new UserFields();
            fields.Displayname = "Ann " + Tag + " B";
            fields["score"] = 2;
            fields.RemoveFromServer("team");
            user.Update(null, fields);
            user.Refresh();
            Expect(user.Displayname == "Ann " + Tag + " B", "displayName " + user.Displayname);
            Expect(Convert.ToInt32(user["score"]) == 2 && !user.Has("team"), "score 2, team gone");
            Expect(user.EmailVerified && user.PhoneVerified, "flags unchanged");
            return "displayName and score set, team removed; emailAddressVerified and phoneNumberVerified echoed";
        });
        Step("update () with the user as held", () =>
        {
            KiiUser user = KiiUser.CurrentUser;
            user["level"] = 3;
#pragma warning disable 618 // the older Update(), which sends the user as held: still in the SDK
            user.Update();
#pragma warning restore 618
            user.Refresh();
            Expect(Convert.ToInt32(user["level"]) == 3, "level " + user["level"]);
            return "level 3 set";
        });
        Step("register pseudo user", () =>
        {
            var fields = new UserFields();
            fields.Displayname = "Guest " + Tag;
            fields["level"] = 1;
            KiiUser pseudo = KiiUser.RegisterAsPseudoUser(fields);
            bobID = pseudo.ID;
            Expect(pseudo.IsPseudoUser, "not a pseudo user");
            return "user " + bobID + ", pseudo, with a token";
        });
        Step("put identity", () =>
        {
            IdentityData identity = IdentityData.Builder.CreateWithName(bob).WithEmail(bobEmail).WithPhone(bobPhone).Build();
            var fields = new UserFields();
            fields.Displayname = "Bob " + Tag;
            fields.Country = "JP";
            KiiUser.CurrentUser.PutIdentity(identity, fields, bobPassword);
            Expect(!KiiUser.CurrentUser.IsPseudoUser, "still pseudo");
            return bob + ", " + bobEmail + ", " + bobPhone + " JP and a password";
        });
        Step("log in upgraded user", () =>
        {
            KiiUser user = KiiUser.LogIn("+81" + bobPhone.Substring(1), bobPassword);
            Expect(user.Username == bob && Convert.ToInt32(user["level"]) == 1 && !user.IsPseudoUser, "fields read back");
            return SameUser(user, bobID);
        });
        Step("change password", () =>
        {
            KiiUser.LogIn(ann, password);
            KiiUser.ChangePassword(newPassword, password);
            return "ChangePassword(new, old) accepted";
        });
        Refused("log in with the old password", 400, () => KiiUser.LogIn(ann, password));
        Refused("log in with a wrong password", 400, () => KiiUser.LogIn(ann, "wrong-pass-1"));
        Step("log in with the new password", () => SameUser(KiiUser.LogIn(ann, newPassword), annID));
        Step("find by username", () => SameUser(KiiUser.FindUserByUserName(ann), annID));
        Step("find by email", () => SameUser(KiiUser.FindUserByEmail(email), annID));
        Step("find by phone", () => SameUser(KiiUser.FindUserByPhone("+81" + phone.Substring(1)), annID));
        Refused("find nobody", 404, () => KiiUser.FindUserByUserName("nobody_" + Tag));
        Refused("register a taken username and email", 409, () =>
        {
            KiiUser twin = KiiUser.BuilderWithName(ann.ToUpperInvariant()).SetEmail(email).Build();
            twin.Register(password);
        });
        Step("reset password (request without a body)", () =>
        {
            KiiUser.ResetPassword(email);
            return "ResetPassword(email) accepted";
        });
        Step("delete", () =>
        {
            KiiUser.LogIn(ann, newPassword).Delete();
            return "user " + annID + " deleted";
        });
        Refused("log in after delete", 400, () => KiiUser.LogIn(ann, newPassword));
        Step("delete upgraded user", () =>
        {
            KiiUser.LogIn(bob, bobPassword).Delete();
            return "user " + bobID + " deleted";
        });
    }

    static string SameUser(KiiUser user, string id)
    {
        Expect(user != null && user.ID == id, "user " + (user == null ? "none" : user.ID) + ", not " + id);
        return "user " + user.ID;
    }

    /// One step; with `sdkMayRefuse`, an ArgumentException (the SDK's own check of its
    /// arguments, before anything is sent) is a skip.
    static void Step(string name, Func<string> body, bool sdkMayRefuse = false)
    {
        try
        {
            string detail = body();
            passed++;
            Out.WriteLine("ok   " + name + ": " + detail);
        }
        catch (ArgumentException e) when (sdkMayRefuse)
        {
            skipped++;
            Out.WriteLine("skip " + name + ": the SDK refuses this identifier itself and sends nothing (" + e.Message + ")");
        }
        catch (Exception e)
        {
            failed++;
            Out.WriteLine("FAIL " + name + ": " + Describe(e));
        }
    }

    /// A step that must fail with `status` (read as the transport reads it).
    static void Refused(string name, int status, Action body)
    {
        Step(name, () =>
        {
            try
            {
                body();
            }
            catch (CloudException e)
            {
                Expect(e.Status == status, "refused with " + e.Status + ", not " + status + " (" + Describe(e) + ")");
                return "refused: " + e.Status + " " + e.GetType().Name;
            }
            throw new Exception("not refused");
        });
    }

    static string Describe(Exception e)
    {
        var cloud = e as CloudException;
        if (cloud != null) { return e.GetType().Name + " " + cloud.Status + " " + (cloud.Body ?? "(no body)"); }
        return e.GetType().Name + ": " + e.Message;
    }

    static void Expect(bool condition, string what)
    {
        if (!condition) { throw new Exception(what); }
    }

    static readonly Random Random = new Random();

    static string Digits(int count)
    {
        var text = new StringBuilder();
        for (int i = 0; i < count; i++) { text.Append(Random.Next(10)); }
        return text.ToString();
    }

    // A Japanese mobile number, local form: 090/080, then a digit 1-9, then 7 digits
    // (libphonenumber's JP mobile pattern, [7-9]0[1-9]\d{7} after the trunk prefix 0: a fourth
    // digit 0 is no mobile number, and such a run failed at sign-up).
    static string JapaneseMobile(string prefix)
    {
        return prefix + (1 + Random.Next(9)) + Digits(7);
    }
}

/// The unity/http client's rules (KiiHttpUnityClientImpl) over HttpWebRequest.
public class WWWRulesClientFactory : KiiHttpClientFactory
{
    public KiiHttpClient Create(string url, string appID, string appKey, KiiHttpMethod method)
    {
        return new WWWRulesClient(url, appID, appKey, method);
    }
}

public class WWWRulesClient : KiiHttpClient
{
    static readonly Encoding Utf8 = new UTF8Encoding(false);
    readonly string url;
    readonly KiiHttpMethod method;
    readonly HeaderList headers = new HeaderList();
    byte[] body;

    public WWWRulesClient(string url, string appID, string appKey, KiiHttpMethod method)
    {
        this.url = url;
        this.method = method;
        headers["X-Kii-AppID"] = appID;
        headers["X-Kii-AppKey"] = appKey;
    }

    public string Body { set { body = value == null ? null : Utf8.GetBytes(value); } }
    public string ContentType { set { headers["Content-Type"] = value; } }
    public string Accept { set { headers["Accept"] = value; } }
    public KiiHttpHeaderList Headers { get { return headers; } }

    public ApiResponse SendRequest()
    {
        ApiResponse result = null;
        Exception error = null;
        SendRequest((response, e) => { result = response; error = e; });
        if (error != null) { throw error; }
        return result;
    }

    public void SendRequest(KiiHttpClientCallback callback) { Send(callback); }

    public void SendRequest(string text, KiiHttpClientCallback callback)
    {
        Body = text;
        Send(callback);
    }

    public void SendRequest(Stream stream, KiiHttpClientProgressCallback progress, KiiHttpClientCallback callback)
    {
        body = Read(stream);
        Send(callback);
    }

    public void SendRequest(Stream stream, KiiHttpClientProgressPercentageCallback progress, KiiHttpClientCallback callback)
    {
        body = Read(stream);
        Send(callback);
    }

    public void SendRequestForDownload(Stream outStream, KiiHttpClientProgressCallback progress, KiiHttpClientCallback callback)
    {
        throw new NotSupportedException("downloads are not driven here");
    }

    public void SendRequestForDownload(Stream outStream, KiiHttpClientProgressPercentageCallback progress, KiiHttpClientCallback callback)
    {
        throw new NotSupportedException("downloads are not driven here");
    }

    static byte[] Read(Stream stream)
    {
        var copy = new MemoryStream();
        stream.CopyTo(copy);
        return copy.ToArray();
    }

    /// SetHttpMethodOverride, then what WWW does with the request and its answer.
    void Send(KiiHttpClientCallback callback)
    {
        string name = method.ToString();
        if (method == KiiHttpMethod.POST)
        {
            if (body == null)
            {
                headers["Content-Type"] = "application/X-Dummy-Content";
                Body = "{\"_method\":\"POST\"}";
            }
        }
        else
        {
            headers["X-HTTP-Method-Override"] = name;
            if (body == null) { Body = "{\"_method\":\"" + name + "\"}"; }
        }
        headers["X-Kii-SDK"] = SDKInfo();
        var request = (HttpWebRequest)WebRequest.Create(url);
        request.Method = "POST";
        request.ContentType = headers.Get("Content-Type") ?? "application/x-www-form-urlencoded";
        foreach (var entry in headers.Entries)
        {
            if (entry.Key.ToLowerInvariant() != "content-type") { request.Headers[entry.Key] = entry.Value; }
        }
        request.ContentLength = body.Length;
        using (var stream = request.GetRequestStream()) { stream.Write(body, 0, body.Length); }
        HttpWebResponse response;
        try
        {
            response = (HttpWebResponse)request.GetResponse();
        }
        catch (WebException e)
        {
            var failure = e.Response as HttpWebResponse;
            int status = failure == null ? 0 : StatusHeader(failure, 0);
            if (failure != null) { failure.Close(); }
            if (status == 0)
            {
                callback(null, new NetworkException(new SystemException("no X-HTTP-Status-Code: " + e.Message)));
                return;
            }
            // WWW cannot read the body of an error.
            callback(null, KiiHttpUtils.TypedException(status, null));
            return;
        }
        var answer = new ApiResponse();
        using (response)
        using (var reader = new StreamReader(response.GetResponseStream(), Utf8))
        {
            string text = reader.ReadToEnd();
            answer.Status = StatusHeader(response, text.Length == 0 ? 204 : 200);
            answer.ContentType = response.ContentType;
            answer.ETag = response.Headers["ETag"];
            answer.Body = text;
        }
        callback(answer, null);
    }

    static int StatusHeader(HttpWebResponse response, int fallback)
    {
        int status;
        return int.TryParse(response.Headers["X-HTTP-Status-Code"], out status) ? status : fallback;
    }

    static string SDKInfo()
    {
        var type = typeof(KiiUser).Assembly.GetType("KiiCorp.Cloud.Storage.SDKClientInfo");
        var info = type == null ? null : type.GetMethod("GetSDKClientInfo");
        return info == null ? "sn=cs" : (string)info.Invoke(null, null);
    }

    class HeaderList : KiiHttpHeaderList
    {
        public readonly List<KeyValuePair<string, string>> Entries = new List<KeyValuePair<string, string>>();

        public string this[string key]
        {
            set
            {
                Entries.RemoveAll(entry => string.Equals(entry.Key, key, StringComparison.OrdinalIgnoreCase));
                Entries.Add(new KeyValuePair<string, string>(key, value));
            }
        }

        public string Get(string key)
        {
            foreach (var entry in Entries)
            {
                if (string.Equals(entry.Key, key, StringComparison.OrdinalIgnoreCase)) { return entry.Value; }
            }
            return null;
        }
    }
}

-- Rejected sign-ups: one body with five problems (username, email, phone, password, country),
-- sent as a Kii SDK sends a sign-up to POST /api/apps/{appID}/users.
dofile(os.getenv("BENCH_LUA_FOLDER") .. "/kii-headers.lua")
wrk.method = "POST"
wrk.headers = kii_headers
wrk.path = kii_users_path
wrk.body = '{"loginName":"a b","emailAddress":"not-an-email","phoneNumber":"+1415555","password":"pw","country":"jp"}'

-- Rejected sign-ups: one body with five problems (username, email, phone, password, country).
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.body = '{"loginName":"a b","emailAddress":"not-an-email","phoneNumber":"+1415555","password":"pw","country":"jp"}'

-- A login's limit check alone: POST /bench/login-limits, no body (the server makes up the
-- account and the address).
wrk.method = "POST"

-- The trivial route: GET /bench/trivial, no body.
wrk.method = "GET"

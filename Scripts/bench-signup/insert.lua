-- The bare insert: the same bodies as accepted.lua, stored as one row by POST /bench/insert.
dofile(os.getenv("BENCH_LUA_FOLDER") .. "/accepted.lua")
path_for_request = "/bench/insert"

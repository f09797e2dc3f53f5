-- Accepted sign-ups: every request a new user (username, email and a Japanese mobile number
-- unique to the run, the wrk thread and the request), sent as a Kii SDK sends it to
-- POST /api/apps/{appID}/users. wrk's first argument is the run number.
dofile(os.getenv("BENCH_LUA_FOLDER") .. "/kii-headers.lua")
local counter = 0
local threads = 0

function setup(thread)
    threads = threads + 1
    thread:set("tid", threads)
end

function init(args)
    counter = tonumber(args[1] or "1") * 1000000
end

function body()
    counter = counter + 1
    local id = string.format("%d%08d", tid, counter)
    return '{"loginName":"u' .. id .. '","emailAddress":"u' .. id .. '@Example.com","phoneNumber":"+8190'
        .. string.format("%d%07d", tid, counter % 10000000)
        .. '","password":"correct horse","displayName":"Bench user","country":"JP","locale":"ja-JP"}'
end

request = function()
    return wrk.format("POST", path_for_request or kii_users_path, kii_headers, body())
end

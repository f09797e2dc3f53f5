-- The headers a Kii SDK sends with a sign-up: the app's ID and key (KII_APP_ID, KII_APP_KEY,
-- set by bench-signup.sh for the service too) and Kii's content type.
kii_app_id = os.getenv("KII_APP_ID")
kii_headers = {
    ["Content-Type"] = "application/vnd.kii.RegistrationRequest+json",
    ["X-Kii-AppID"] = kii_app_id,
    ["X-Kii-AppKey"] = os.getenv("KII_APP_KEY"),
}
kii_users_path = "/api/apps/" .. kii_app_id .. "/users"

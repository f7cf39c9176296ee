{
    "applinks": {
        "apps": [],
        "details": [
            {
                "appID": "GU5DN6BL3Y.com.2stable.2fa",
                "paths": [
                    "*"
                ]
            },
            {
                "appID": "GU5DN6BL3Y.com.2stable.passwords",
                "paths": [
                    "*"
                ]
            },
            {
                "appID": "GU5DN6BL3Y.com.2stable.passkeys",
                "paths": [
                    "*"
                ]
            }
        ]
    }
}
{
	"applinks": {
		"apps": [],
		"details": [
			{
				"appID": "GU5DN6BL3Y.com.2stable.passkeys",
				"paths": [
					"*"
				]
			}
		]
	}
}
{
  "applinks": {
    "apps": [],
    "details": [
      {
        "appID": "P695VHWK4P.com.chafin.consignment.ios",
        "paths": ["/invite/*"]
      }
    ]
  }
}

plugins {
    id("com.android.application")
}

android {
    namespace = "app.shape.example"
    defaultConfig.applicationId = libs.versions.applicationId.get()
    buildTypes {
        release {
            isMinifyEnabled = true
        }
    }
}

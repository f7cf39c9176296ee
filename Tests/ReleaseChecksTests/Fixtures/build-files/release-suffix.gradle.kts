plugins {
    alias(libs.plugins.android.application)
}

android {
    namespace = "app.shape.example"
    compileSdk = 34

    defaultConfig {
        applicationId = "{package:0}"
        minSdk = 24
    }

    buildTypes {
        getByName("debug") {
            applicationIdSuffix = ".debug"
        }
        getByName("release") {
            isMinifyEnabled = true
            /* The store listing's id, or so someone thought. */
            applicationIdSuffix = "{suffix:1}"
            proguardFiles(getDefaultProguardFile("proguard-android-optimize.txt"), "proguard-rules.pro")
        }
    }
}

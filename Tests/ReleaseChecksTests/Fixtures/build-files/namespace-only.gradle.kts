plugins {
    id("com.android.application")
}

android {
    namespace = "{package:0}"
    compileSdk = 34
}

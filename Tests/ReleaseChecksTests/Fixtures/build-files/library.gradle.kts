plugins {
    id("com.android.library")
}

android {
    namespace = "app.shape.example.feature"
}

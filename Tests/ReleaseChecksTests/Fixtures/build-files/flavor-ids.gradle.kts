import com.android.build.gradle.AppExtension

val android = project.extensions.getByType(AppExtension::class.java)

android.apply {
    flavorDimensions("flavor-type")

    productFlavors {
        create("{build:0}") {
            dimension = "flavor-type"
            applicationId = "{package:0}"
            resValue(type = "string", name = "app_name", value = "Shape")
        }
        create("{build:1}") {
            dimension = "flavor-type"
            applicationId = "{package:1}"
            resValue(type = "string", name = "app_name", value = "[{build:1}] Shape")
        }
    }
}

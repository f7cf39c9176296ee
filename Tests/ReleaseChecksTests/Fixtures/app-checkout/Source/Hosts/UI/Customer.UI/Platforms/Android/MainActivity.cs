using Android.App;
using Android.Content;
using Android.Content.PM;
using Android.OS;

namespace Customer.UI;

[Activity(
    Theme = "@style/Maui.SplashTheme",
    MainLauncher = true,
    LaunchMode = LaunchMode.SingleTop,
    ConfigurationChanges = ConfigChanges.ScreenSize | ConfigChanges.Orientation | ConfigChanges.UiMode
        | ConfigChanges.ScreenLayout | ConfigChanges.SmallestScreenSize | ConfigChanges.Density)]
// [IntentFilter(new[] { Intent.ActionView }, AutoVerify = true, DataScheme = "https", DataHost = "links.old.example.com")]
/* The block below is the App Links filter. */
[IntentFilter(
    new[] { Intent.ActionView },
    Categories = new[] { Intent.CategoryDefault, Intent.CategoryBrowsable },
    AutoVerify = true,
    DataScheme = "https",
    DataHost = PublicWebHost,
    DataPaths = new[] { "/start" },
    DataPathPrefixes = new[] { "/business/bz_", "/checkout/ca_", "/orders/or_" })]
public class MainActivity : MauiAppCompatActivity
{
    // The public web host. Changing it is a two-spot edit (this constant and the entitlement),
    // a comment that ADR-043 found out of date: PublicSite:BaseUrl is a third.
    const string PublicWebHost = "links.example.com";

    protected override void OnCreate(Bundle? savedInstanceState)
    {
        base.OnCreate(savedInstanceState);
        PublishDeepLink(Intent);
    }

    protected override void OnNewIntent(Intent? intent)
    {
        base.OnNewIntent(intent);
        PublishDeepLink(intent);
    }

    static void PublishDeepLink(Intent? intent)
    {
        if (intent?.Data is { } data && data.Host == PublicWebHost)
        {
            var pathAndQuery = data.EncodedPath + (data.EncodedQuery is { } query ? "?" + query : "");
            DeepLinks.Publish(pathAndQuery);
        }
    }
}

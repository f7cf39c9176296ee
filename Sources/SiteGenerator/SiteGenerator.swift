// SiteGenerator: Content and Templates to Site.

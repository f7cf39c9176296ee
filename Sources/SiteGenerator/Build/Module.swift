// Module SiteGenerator: the documentation site from `Content/`, `Templates/` and the contract:
// the public API (`SiteBuild`: `render`, `run`), the named build phases (`Pipeline.swift`), the
// build record a rebuild recalls unchanged pages from, Markdown through cmark, `contract`
// blocks, pages written into a template libxml2 parses, the search index, the link and id
// checks, the atomic swap of the output folder, and linkcontract's built-in templates
// (`Theme/`), which a site's own Templates folder overrides file by file. It imports the
// contract (`LinkContract`), the parser, the lifecycle and `ContractArtifacts`, and the C
// libraries cmark, libxml2 and `CFileExchange`; it prints nothing: what it finds is returned
// as diagnostics.

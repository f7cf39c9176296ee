extension NewPackage {
  /// The app's Content pages: written with placeholders (`{app}`, `{host:production}`) and
  /// `contract` blocks only, never a value, so that they stay true as the values change.
  static func contentPages(_ app: NewApp) -> [(name: String, text: String)] {
    let associations = NewApp.builds.enumerated().map { index, build in
      (
        "association-\(build).md",
        """
        ---
        title: Association files, \(build)
        summary: The files to serve on {host:\(build)} and the native snippets of the \(build) build.
        weight: \(index + 5)
        ---

        Serve `.well-known/` at the root of <https://{host:\(build)}> as generated, with no redirect;
        never edit it by hand.

        ```contract association \(build)
        ```

        """
      )
    }
    return [
      (
        "index.md",
        """
        ---
        title: Links
        summary: Which links the {app} opens, and what opening one does not prove.
        weight: 1
        ---

        The {app} opens https links on its build's web host and links on its own custom scheme.
        Each link names one route class; anything else is refused, and the app shows its fallback.
        Recognizing a link proves only that it is well formed: whether what it names is there for
        the user is for the app's services to say.

        ```contract layers
        ```

        - [Route classes](routes.md): what each link looks like and what it accepts.
        - [Input rules](input-rules.md): why a link is refused.
        - [Builds](builds.md), each with its association files.
        - [Troubleshooting](troubleshooting.md) and the [link checker](check.md).

        """
      ),
      (
        "routes.md",
        """
        ---
        title: Route classes
        summary: Every link the {app} opens, with its fields and examples checked against the parser.
        weight: 2
        ---

        Search takes exactly one query field, the topic; any other key is refused.

        ```link-example
        https://{host}/search?topic=news -> search
        https://{host}/search?topic=news&ref=mail -> unsupported extra-field ref
        ```

        ```contract routes
        ```

        """
      ),
      (
        "input-rules.md",
        """
        ---
        title: Input rules
        summary: Why the {app} refuses a link, in the order it checks.
        weight: 3
        ---

        A link longer than {max-link-bytes} bytes is refused before anything else is read.

        ```contract rejection-reasons
        ```

        ```contract forbidden-fields
        ```

        ```contract reason-examples
        ```

        """
      ),
      (
        "builds.md",
        """
        ---
        title: Builds
        summary: The {app}'s builds, whose values are never mixed.
        weight: 4
        ---

        ```contract builds
        ```

        """
      ),
    ] + associations + [
      (
        "troubleshooting.md",
        """
        ---
        title: Troubleshooting
        summary: What a tester sees, and what to do next.
        weight: 8
        ---

        ```contract troubleshooting
        ```

        ```contract handling-stages
        ```

        """
      ),
      (
        "check.md",
        """
        ---
        title: Link checker
        summary: Paste a link and see what the {app} answers.
        weight: 9
        ---

        The checker answers what `\(app.executable) parse --build NAME LINK` prints.

        ```contract link-checker
        ```

        """
      ),
    ]
  }
}

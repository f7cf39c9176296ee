extension NewPackage {
  /// The app's tests: its values pass every rule, its association files claim what it
  /// publishes, its parser answers every case of the conformance table the tool generates, and
  /// its lifecycle scenarios hold.
  static func tests(_ app: NewApp) -> String {
    #"""
    import AssociationChecks
    import LinkContract
    import LinkLifecycle
    import LinkParser
    import Testing
    import \#(app.module)

    // The \#(app.possessive) own tests: its values pass every rule, its association files claim
    // what it publishes, its parser answers every case of its conformance table
    // (ConformanceTable.generated.swift, which `\#(app.executable) generate` writes from the
    // values), and its lifecycle scenarios, made from its own gates and route classes, hold.
    // Tests of the app's own code that reads links belong beside these.

    @Suite struct \#(app.testTarget) {
      @Test("The values pass every rule, and the association files claim what the app publishes")
      func valid() {
        #expect(Contract.\#(app.valueName).problems().isEmpty, "\(Contract.\#(app.valueName).problems())")
        #expect(associationSelfCheck(.\#(app.valueName)).isEmpty, "\(associationSelfCheck(.\#(app.valueName)))")
      }

      @Test("The parser answers every conformance case as the table expects", arguments: LinkConformance.cases)
      func conformance(_ item: LinkConformanceCase) throws {
        let build = try #require(Contract.\#(app.valueName).build(named: item.build))
        let outcome = item.bytes.withUnsafeBufferPointer {
          LinkParser(contract: .\#(app.valueName), build: build).parse(bytes: $0)
        }
        switch outcome {
        case .recognized(let route):
          let fields = Dictionary(route.fields.map { ($0.name, $0.value) }, uniquingKeysWith: { a, _ in a })
          #expect(item.expected == .recognized(route: route.routeClass.rawValue, fields: fields), "\(item.id)")
        case .unsupported(let rejection):
          #expect(item.expected == .unsupported(reason: rejection.reason.rawValue, field: rejection.field), "\(item.id)")
        }
      }

      @Test("Each lifecycle scenario runs as its table says", arguments: Scenarios.all(.\#(app.valueName)))
      func scenario(_ scenario: Scenario) throws {
        let build = try #require(Contract.\#(app.valueName).build(named: scenario.build), "\(scenario.id)")
        var coordinator = IntentCoordinator(contract: .\#(app.valueName), build: build, starting: scenario.starting)
        for (index, step) in scenario.steps.enumerated() {
          #expect(coordinator.handle(step.event) == step.expected, "\(scenario.id) step \(index + 1)")
        }
      }
    }

    """#
  }
}

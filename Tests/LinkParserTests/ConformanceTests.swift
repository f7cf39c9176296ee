import CustomerApp
import LinkContract
import LinkParser
import Testing

extension LinkConformanceCase: CustomTestStringConvertible {
  var testDescription: String { id }
}

extension ReturnURLConformanceCase: CustomTestStringConvertible {
  var testDescription: String { id }
}

/// The parser's answer in the table's terms.
func expectation(_ outcome: LinkOutcome) -> LinkConformanceCase.Expected {
  switch outcome {
  case .recognized(let route):
    .recognized(
      route: route.routeClass.rawValue,
      fields: Dictionary(uniqueKeysWithValues: route.fields.map { ($0.name, $0.value) }))
  case .unsupported(let rejection):
    .unsupported(reason: rejection.reason.rawValue, field: rejection.field)
  }
}

@Suite struct Conformance {
  @Test("The table covers every route class, carrier, build and rejection reason")
  func coverage() {
    let table = LinkConformance.cases
    for build in Contract.customerApp.builds {
      let cases = table.filter { $0.build == build.name }
      for reason in RejectionReason.allCases {
        #expect(
          cases.contains { $0.expected.reason == reason.rawValue },
          "no \(build.name) case rejects for \(reason.rawValue)")
      }
      for route in Contract.customerApp.routeClasses where !route.carriers.isEmpty {
        #expect(
          cases.contains { $0.expected.route == route.id.rawValue },
          "no \(build.name) case recognizes \(route.id.rawValue)")
      }
    }
  }

  @Test("Every reference in the table is reserved for documentation")
  func referencesAreReserved() {
    let contract = Contract.customerApp
    for item in LinkConformance.cases {
      if case .recognized(_, let fields) = item.expected {
        for (name, value) in fields where contract.references.contains(where: { $0.field == name }) {
          #expect(contract.isReservedReference(value), "\(item.id): \(name) is not reserved")
        }
      }
    }
  }

  @Test(arguments: LinkConformance.cases)
  func link(_ item: LinkConformanceCase) throws {
    let build = try #require(Contract.customerApp.build(named: item.build))
    let outcome = item.bytes.withUnsafeBufferPointer {
      LinkParser(contract: .customerApp, build: build).parse(bytes: $0)
    }
    #expect(expectation(outcome) == item.expected, "\(item.id)")
  }

  @Test(arguments: LinkConformance.returnURLCases)
  func returnURL(_ item: ReturnURLConformanceCase) {
    let target = ReturnURLPolicy.completionTarget(
      returnURL: item.returnURL, allowedSchemes: item.allowedSchemes, uiBaseURL: item.uiBaseURL)
    if item.expectsNativeCallback {
      #expect(target == .nativeCallback(item.expectedURL), "\(item.id)")
    } else {
      #expect(target == .uiBaseURL(item.expectedURL), "\(item.id)")
    }
  }
}

extension LinkConformanceCase.Expected {
  var reason: String? {
    if case .unsupported(let reason, _) = self { return reason }
    return nil
  }
  var route: String? {
    if case .recognized(let route, _) = self { return route }
    return nil
  }
}

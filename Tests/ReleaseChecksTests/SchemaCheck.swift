import ContractArtifacts

/// The subset of JSON Schema the published schemas use: type, required, properties,
/// additionalProperties false, items, enum and const. Returns each violation with its path.
enum SchemaCheck {
  static func problems(_ value: JSON, _ schema: JSON, at path: String = "$") -> [String] {
    var problems: [String] = []
    if let constant = schema["const"], constant != value { problems.append("\(path): not \(constant.compact)") }
    if case .array(let allowed)? = schema["enum"], !allowed.contains(value) {
      problems.append("\(path): \(value.compact) not in the enum")
    }
    var types: [String] = []
    switch schema["type"] {
    case .string(let name)?: types = [name]
    case .array(let names)?: types = names.compactMap { if case .string(let name) = $0 { name } else { nil } }
    default: break
    }
    if !types.isEmpty, !types.contains(typeName(value)) {
      problems.append("\(path): \(typeName(value)), expected \(types.joined(separator: " or "))")
      return problems
    }
    if case .object(let members) = value {
      if case .array(let required)? = schema["required"] {
        for case .string(let key) in required where value[key] == nil { problems.append("\(path): no \(key)") }
      }
      for (key, member) in members {
        if let property = schema["properties"]?[key] {
          problems += Self.problems(member, property, at: path + "." + key)
        } else if schema["additionalProperties"] == .bool(false) {
          problems.append("\(path): unexpected \(key)")
        }
      }
    }
    if case .array(let items) = value, let itemSchema = schema["items"] {
      for (index, item) in items.enumerated() { problems += Self.problems(item, itemSchema, at: "\(path)[\(index)]") }
    }
    return problems
  }

  static func typeName(_ value: JSON) -> String {
    switch value {
    case .null: "null"
    case .bool: "boolean"
    case .int: "integer"
    case .number: "number"
    case .string: "string"
    case .array: "array"
    case .object: "object"
    }
  }
}

import Foundation

@main
struct Main {
  static func main() {
    exit(runTool(Array(CommandLine.arguments.dropFirst()), console: .standard))
  }
}

import RotationSyntax
import Testing

/// Swift and Objective-C source through the vendored tree-sitter grammars: the nodes the importer
/// will read, their places and fields, errors marked as errors, and bytes that are not text.
@Suite struct SyntaxTreeTests {
  @Test func aSwiftControllerAndItsOrientationOverride() throws {
    let source = """
      import UIKit

      final class PlayerViewController: UIViewController {
          override var supportedInterfaceOrientations: UIInterfaceOrientationMask {
              return isFullScreen ? .landscape : .portrait
          }
      }
      """
    let tree = SyntaxParser(.swift).parse(source)
    #expect(!tree.hasErrors)
    let declaration = try #require(tree.descendants(kind: "class_declaration").first)
    let name = try #require(tree.child(declaration, field: "name"))
    #expect(tree.text(name) == "PlayerViewController")
    #expect(tree.nodes[declaration].start == SourcePosition(line: 3, column: 1))
    let property = try #require(tree.descendants(of: declaration, kind: "property_declaration").first)
    #expect(tree.text(property).contains("supportedInterfaceOrientations"))
    #expect(tree.descendants(kind: "ternary_expression").count == 1)
    // Parent links and child lists agree.
    for (index, node) in tree.nodes.enumerated() where index > 0 {
      #expect(tree.nodes[try #require(node.parent)].children.contains(index))
    }
  }

  @Test func anObjectiveCImplementationAndItsMethods() throws {
    let source = """
      @implementation PlayerViewController
      - (BOOL)shouldAutorotate { return NO; }
      - (UIInterfaceOrientationMask)supportedInterfaceOrientations {
          return UIInterfaceOrientationMaskLandscape;
      }
      @end
      """
    let tree = SyntaxParser(.objectiveC).parse(source)
    #expect(!tree.hasErrors)
    let methods = tree.descendants(kind: "method_definition")
    #expect(methods.count == 2)
    #expect(tree.text(methods[1]).contains("UIInterfaceOrientationMaskLandscape"))
    #expect(tree.nodes[methods[1]].start.line == 3)
  }

  @Test func codeThatDoesNotParseIsMarkedAndTheRestIsRead() throws {
    let tree = SyntaxParser(.swift).parse("class A { func f( { }\nclass B: UIViewController {}\n")
    #expect(tree.hasErrors)
    #expect(tree.nodes.contains { $0.isError || $0.isMissing })
    #expect(tree.descendants(kind: "class_declaration").contains { tree.text($0).hasPrefix("class B") })
  }

  @Test func hostileInputIsATreeNotACrash() {
    let parser = SyntaxParser(.objectiveC)
    #expect(parser.parse([UInt8]()).nodes.count == 1)
    // Bytes that are not UTF-8, a NUL, and a deep nesting: a tree with errors, each node's text
    // repaired.
    let garbage: [UInt8] = [0xFF, 0xFE, 0x00, 0x40, 0x69, 0xC3] + Array("int x = 1;".utf8)
    let tree = parser.parse(garbage)
    #expect(tree.root.range == 0..<garbage.count)
    #expect(tree.text(0).contains("\u{FFFD}"))
    let deep = String(repeating: "(", count: 5_000) + "1" + String(repeating: ")", count: 5_000)
    let nested = SyntaxParser(.swift).parse("let x = \(deep)")
    #expect(nested.nodes.count > 5_000)
  }

  @Test func oneParserParsesManyFiles() {
    let parser = SyntaxParser(.swift)
    for index in 0..<50 {
      let tree = parser.parse("let value\(index) = \(index)")
      #expect(tree.descendants(kind: "property_declaration").count == 1)
    }
  }
}

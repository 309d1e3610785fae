import CCairo
import Foundation
import RotationCore
import RotationRender
import Testing

/// Checks that a broken renderer fails, read back from the pixels it draws.
@Suite struct RenderStructureTests {
  @Test func theDecidingNodeIsHighlightedWhereItIsLaidOut() throws {
    for (name, step) in [
      ("seed000-present.json", 2), ("seed000-present.json", 3), ("seed003-visible-selected-attempt.json", 7),
    ] {
      let diagram = try model(name, step: step)
      let options = DiagramOptions()
      let layout = Exporter.measure(diagram, options: options)
      let panel = try #require(layout.rect(of: .tree))
      let pixels = try renderPixels(diagram, options: options)
      let boxes = TreePanel.layout(diagram, width: panel.width)
      #expect(boxes.count == diagram.tree.nodes.count, "\(name) step \(step)")
      let hasDecider = diagram.tree.nodes.contains { $0.isDecider }
      #expect(hasDecider, "\(name) step \(step)")
      for (node, box) in zip(diagram.tree.nodes, boxes) {
        // The middle of the box's top border: 3 px of orange on the decider only.
        let x = Int(panel.x + box.box.midX)
        let y = Int(panel.y + box.box.y)
        #expect(
          pixels.matches(x, y, Theme.decider, tolerance: 30) == node.isDecider,
          "\(name) step \(step): \(node.className) at (\(x), \(y)) is \(pixels.rgb(x, y))")
      }
    }
  }

  /// The principal axis of the device body's pixels, in degrees from the x axis (0..<180).
  func bodyAxis(_ pixels: Pixels) -> Double {
    var n = 0.0
    var sx = 0.0
    var sy = 0.0
    var points: [(Double, Double)] = []
    for y in 0..<pixels.height {
      for x in 0..<pixels.width where pixels.matches(x, y, Theme.deviceBody, tolerance: 6) {
        points.append((Double(x), Double(y)))
        sx += Double(x)
        sy += Double(y)
        n += 1
      }
    }
    let (cx, cy) = (sx / n, sy / n)
    var xx = 0.0
    var yy = 0.0
    var xy = 0.0
    for (x, y) in points {
      xx += (x - cx) * (x - cx)
      yy += (y - cy) * (y - cy)
      xy += (x - cx) * (y - cy)
    }
    var angle = 0.5 * atan2(2 * xy, xx - yy) * 180 / Double.pi
    if angle < 0 { angle += 180 }
    return angle
  }

  func angularDistance(_ a: Double, _ b: Double) -> Double {
    let d = abs(a - b).truncatingRemainder(dividingBy: 180)
    return min(d, 180 - d)
  }

  @Test(arguments: [0.0, 30.0, 60.0, 90.0, 135.0, -45.0])
  func theMockupIsDrawnAtTheAngleItWasGiven(_ degrees: Double) throws {
    let diagram = try model("seed000-launch-and-rotate.json", step: 1)
    let options = DiagramOptions(
      panel: .device, bodyAngle: degrees * Double.pi / 180, showsTitle: false, showsLegend: false)
    let axis = bodyAxis(try renderPixels(diagram, options: options))
    // The body is taller than wide: its long axis is vertical (90°) when upright, then turns with it.
    #expect(angularDistance(axis, 90 + degrees) < 2.5, "axis \(axis)° for body \(degrees)°")
  }

  @Test func theMockupTurnsWithTheDeviceOrientation() throws {
    let upright = try model("seed000-launch-and-rotate.json", step: 1)
    let turned = try model("seed000-launch-and-rotate.json", step: 2)  // device landscapeLeft
    let options = DiagramOptions(panel: .device, showsTitle: false, showsLegend: false)
    #expect(angularDistance(bodyAxis(try renderPixels(upright, options: options)), 90) < 2.5)
    #expect(angularDistance(bodyAxis(try renderPixels(turned, options: options)), 0) < 2.5)
  }

  @Test func contentAnglesFollowTheInterfaceNotTheDevice() {
    // Device landscapeLeft with the interface left in portrait: the content turns with the body.
    let body = DevicePanel.bodyAngle(.landscapeLeft)
    #expect(DevicePanel.contentAngle(.portrait, bodyAngle: body) == body)
    // The interface followed (landscapeRight): the content is upright again.
    #expect(abs(DevicePanel.contentAngle(.landscapeRight, bodyAngle: body)) < 1e-9)
    #expect(DevicePanel.bodyAngle(.landscapeRight) == Double.pi / 2)
  }

  @Test func aLargeTreeLaysOutWithoutOverlaps() throws {
    var classes = [
      #""Tabs": {"kind": "tabBar"}"#, #""Nav": {"kind": "navigation"}"#, #""Page": {"kind": "view"}"#,
    ]
    classes.append(#""Deep": {"kind": "navigation", "supportedInterfaceOrientations": "portrait"}"#)
    let deepStack = Array(repeating: #"{"class": "Page"}"#, count: 300).joined(separator: ", ")
    let wideTabs = (0..<150).map { _ in #"{"class": "Nav", "stack": [{"class": "Page"}, {"class": "Page"}]}"#
    }
    .joined(separator: ", ")
    let text = """
      {"format": "rotation-lab.scenario/1", "classes": {\(classes.joined(separator: ", "))},
       "window": {"root": {"class": "Tabs", "tabs": [{"class": "Deep", "stack": [\(deepStack)]}, \(wideTabs)]}},
       "steps": ["launch", {"present": "Nav", "style": "fullScreen", "stack": [{"class": "Page"}]}]}
      """
    let scenario = try ScenarioDecoder.decode(text: text)
    let steps = Simulator.run(scenario)
    let diagram = DiagramModel(scenario: scenario, steps: steps, index: 2)
    #expect(diagram.tree.nodes.count == 1 + 301 + 150 * 3 + 2)
    let width = 390.0
    let boxes = TreePanel.layout(diagram, width: width)
    #expect(boxes.count == diagram.tree.nodes.count)
    // Every pair, not only neighbours in one order: boxes side by side can overlap too.
    var overlaps = 0
    for (i, a) in boxes.enumerated() {
      for b in boxes[(i + 1)...] where a.box.intersects(b.box) {
        overlaps += 1
        if overlaps <= 3 { Issue.record("\(a.id) overlaps \(b.id)") }
      }
    }
    #expect(overlaps == 0)
    #expect(boxes.allSatisfy { $0.box.x >= 0 && $0.box.maxX <= width })
    #expect(TreePanel.height(for: diagram) >= boxes.map(\.box.maxY).max()!)
  }

  @Test func hiddenControllersAreTheOnesOutOfTheWindow() throws {
    let diagram = try model("seed000-present.json", step: 2)
    let hidden = diagram.tree.nodes.filter(\.isHidden).map(\.className)
    #expect(hidden == ["NavVC", "ViewController"])
    #expect(diagram.tree.nodes.first(where: \.isDecider)?.className == "LandscapeRightVC")
  }
}

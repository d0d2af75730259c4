#if GTK
import Bindings
import CGTK
import Foundation
import XCTest

@testable import BindingsGTK

/// A drawing area in a real window: what is drawn follows the bound content, pixel by pixel.
final class DrawingAreaTests: GTKTestCase {
  struct Circle: Equatable {
    var center: Point
    var radius: Double
    var color: Color
  }

  func testThePixelsFollowTheBoundContent() throws {
    try onMain {
      let circles = CurrentValueSubject<[Circle], Never>([Circle(center: Point(x: 50, y: 40), radius: 25, color: .red)])
      var sizes: [Size] = []
      let canvas = DrawingArea<[Circle]>(initial: [], width: 100, height: 80) { context, circles, size in
        sizes.append(size)
        context.paint(.white)
        for circle in circles {
          context.circle(center: circle.center, radius: circle.radius)
          context.fillPreserve(circle.color)
          context.stroke(.black, lineWidth: 2)
        }
      }
      canvas.reactive.content <~ circles
      let window = Window(title: "Drawing", width: 100, height: 80)
      window.child = canvas
      show(window)

      let red = try canvas.renderSnapshot()
      try red.savePNG(to: screenshotPath("drawing-red-circle.png"))
      XCTAssertEqual(sizes.last, Size(width: Double(red.width), height: Double(red.height)))
      let centre = red.pixel(x: 50, y: 40)
      XCTAssertEqual([centre.red, centre.green, centre.blue], [255, 0, 0], "the centre is red")
      let outline = red.pixel(x: 75, y: 40)
      XCTAssertLessThan(Int(outline.red), 100, "the outline is dark")
      let corner = red.pixel(x: 2, y: 2)
      XCTAssertEqual([corner.red, corner.green, corner.blue], [255, 255, 255], "outside the circle is white")

      circles.send([])
      let empty = try canvas.renderSnapshot()
      let centreNow = empty.pixel(x: 50, y: 40)
      XCTAssertEqual([centreNow.red, centreNow.green, centreNow.blue], [255, 255, 255], "the circle is gone")

      circles.send([Circle(center: Point(x: 20, y: 20), radius: 10, color: .blue)])
      let blue = try canvas.renderSnapshot()
      let blueCentre = blue.pixel(x: 20, y: 20)
      XCTAssertEqual([blueCentre.red, blueCentre.green, blueCentre.blue], [0, 0, 255])
      XCTAssertEqual(canvas.content, [Circle(center: Point(x: 20, y: 20), radius: 10, color: .blue)])
      window.close()
    }
  }

  func testPathsRectanglesTransformsAndText() throws {
    try onMain {
      let canvas = DrawingArea<Void>(initial: (), width: 120, height: 60) { context, _, size in
        context.paint(.white)
        context.withSavedState {
          context.translate(x: 60, y: 0)
          context.rectangle(Rect(x: 0, y: 0, width: 60, height: 30))
          context.fill(.green)
        }
        // A triangle from lines in the lower left.
        context.move(to: Point(x: 0, y: 60))
        context.line(to: Point(x: 40, y: 60))
        context.line(to: Point(x: 0, y: 20))
        context.closePath()
        context.fill(.blue)
        // An arc's lower half, stroked thick, on the right.
        context.arc(center: Point(x: 90, y: 40), radius: 10, start: 0, end: .pi)
        context.strokePreserve(.black, lineWidth: 4)
        context.newPath()
        context.text("Hi", at: Point(x: 8, y: 14), size: 14, color: .black)
        XCTAssertGreaterThan(context.textSize("Hi", size: 14).width, 5)
        XCTAssertEqual(size, Size(width: 120, height: 60))
      }
      let window = Window(title: "Shapes", width: 120, height: 60)
      window.child = canvas
      show(window)
      let shot = try canvas.renderSnapshot()
      try shot.savePNG(to: screenshotPath("drawing-shapes.png"))
      func rgb(_ x: Int, _ y: Int) -> [UInt8] {
        let pixel = shot.pixel(x: x, y: y)
        return [pixel.red, pixel.green, pixel.blue]
      }
      XCTAssertEqual(rgb(90, 10), [0, 204, 0], "the translated rectangle is green")
      XCTAssertEqual(rgb(30, 10), [255, 255, 255], "the rectangle was moved away from the origin")
      XCTAssertEqual(rgb(5, 55), [0, 0, 255], "the triangle is blue")
      XCTAssertEqual(rgb(35, 30), [255, 255, 255], "outside the triangle")
      XCTAssertEqual(rgb(90, 50), [0, 0, 0], "the bottom of the arc is black")
      XCTAssertEqual(rgb(90, 30), [255, 255, 255], "the arc has no top half")
      let text = (0..<30).flatMap { x in (0..<16).map { y in rgb(x, y) } }.filter { $0[0] < 128 }
      XCTAssertGreaterThan(text.count, 10, "the text drew dark pixels")
      window.close()
    }
  }

  func testAContextUsedAfterItsDrawIsReportedAndDrawsNothing() throws {
    try onMain {
      nonisolated(unsafe) var kept: DrawingContext?
      let canvas = DrawingArea<Int>(initial: 0, width: 40, height: 40) { context, _, _ in
        kept = context
        context.paint(.white)
      }
      let window = Window(title: "Kept", width: 40, height: 40)
      window.child = canvas
      show(window)
      _ = try canvas.renderSnapshot()
      let log = DiagnosticLog()
      Diagnostics.observing(log.append) { kept?.fill(.red) }
      XCTAssertEqual(log.messages.count, 1)
      XCTAssertTrue(log.messages.first?.contains("DrawingContext.fill(_:) was called after") == true)
      window.close()
    }
  }

  func testTheDrawClosureIsReleasedWithTheArea() {
    onMain {
      let before = GTKLiveObjects.count("DrawingArea.DrawCallback")
      final class Captured {}
      weak var weakCaptured: Captured?
      var canvas: DrawingArea<Int>? = {
        let captured = Captured()
        weakCaptured = captured
        return DrawingArea<Int>(initial: 0) { _, _, _ in _ = captured }
      }()
      XCTAssertEqual(GTKLiveObjects.count("DrawingArea.DrawCallback"), before + 1)
      XCTAssertNotNil(weakCaptured)
      canvas = nil
      XCTAssertNil(canvas)
      XCTAssertNil(weakCaptured, "what the draw closure captured was released with the area")
      XCTAssertEqual(GTKLiveObjects.count("DrawingArea.DrawCallback"), before)
    }
  }
}
#endif

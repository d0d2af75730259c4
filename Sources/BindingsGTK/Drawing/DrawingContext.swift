#if GTK
import Bindings
import CGTK

/// What a ``DrawingArea``'s draw closure draws with: paths, fills and strokes in colours, text,
/// and a stack of saved states — a small, safe face of cairo.
///
/// ```swift
/// let canvas = DrawingArea<[Point]>(initial: []) { context, points, size in
///   context.rectangle(Rect(origin: .zero, size: size))
///   context.fill(.white)
///   for point in points {
///     context.circle(center: point, radius: 10)
///     context.fillPreserve(.yellow)
///     context.stroke(.black, lineWidth: 2)
///   }
///   context.text("\(points.count) points", at: Point(x: 8, y: 20), size: 14)
/// }
/// ```
///
/// A path is built with ``move(to:)``, ``line(to:)``, ``arc(center:radius:start:end:)``,
/// ``circle(center:radius:)`` and ``rectangle(_:)``, then painted with ``fill(_:)`` or
/// ``stroke(_:lineWidth:)``, which clear it, or their `…Preserve` forms, which keep it for another
/// paint. Coordinates are the area's pixels, from its top-left corner; angles are radians,
/// clockwise from the positive x axis.
///
/// The context is valid only while the draw closure runs: one kept and used later draws nothing,
/// and the use is reported as a diagnostic.
@MainActor
public final class DrawingContext {
  private let cairo: OpaquePointer
  private var isValid = true

  init(_ cairo: OpaquePointer) {
    self.cairo = cairo
  }

  /// Ends the context's validity (the draw closure has returned), and reports a drawing cairo refused: cairo stops
  /// drawing at its first error (a scale of zero, a NaN coordinate) and says nothing, so the area would show a
  /// partial picture with no hint why. The next draw gets a new cairo context and starts afresh.
  func endDraw() {
    isValid = false
    let status = cairo_status(cairo)
    guard status != CAIRO_STATUS_SUCCESS else { return }
    Diagnostics.report(
      "BindingsGTK: a DrawingArea's draw closure left cairo in error (\(String(cString: cairo_status_to_string(status)))), "
        + "so it drew nothing after the call that failed; the next draw starts afresh")
  }

  /// The cairo context to draw on, when the context is still valid; reports a use after the draw.
  private func valid(_ what: String) -> OpaquePointer? {
    guard isValid else {
      Diagnostics.report(
        "BindingsGTK: DrawingContext.\(what) was called after its draw closure returned, so it drew nothing; "
          + "draw only inside the closure, and call queueDraw() (or bind content) to draw again")
      return nil
    }
    return cairo
  }

  /// The raw `cairo_t *` of this drawing, for what this context lacks (gradients, dashes, images,
  /// clipping): an escape hatch into C, valid only while the draw closure runs.
  ///
  /// ```swift
  /// let canvas = DrawingArea<Void>(initial: ()) { context, _, size in
  ///   Gradients.paint(on: context.rawCairoContext, size: size)   // your own code that calls cairo
  /// }
  /// ```
  public var rawCairoContext: OpaquePointer {
    if !isValid { _ = valid("rawCairoContext") }
    return cairo
  }

  // MARK: Paths

  /// Starts a new piece of the path at `point`.
  ///
  /// ```swift
  /// context.move(to: Point(x: 0, y: 0))
  /// context.line(to: Point(x: 100, y: 100))
  /// context.stroke(.black, lineWidth: 1)   // a diagonal
  /// ```
  public func move(to point: Point) {
    guard let cairo = valid("move(to:)") else { return }
    cairo_move_to(cairo, point.x, point.y)
  }

  /// Adds a straight line from the current point to `point`.
  ///
  /// ```swift
  /// context.move(to: Point(x: 10, y: 50))
  /// context.line(to: Point(x: 90, y: 50))
  /// ```
  public func line(to point: Point) {
    guard let cairo = valid("line(to:)") else { return }
    cairo_line_to(cairo, point.x, point.y)
  }

  /// Adds an arc of the circle around `center`, clockwise from angle `start` to `end` (radians),
  /// joined to the current point by a line if there is one.
  ///
  /// ```swift
  /// context.arc(center: Point(x: 50, y: 50), radius: 20, start: 0, end: .pi)   // the lower half
  /// context.stroke(.blue, lineWidth: 2)
  /// ```
  public func arc(center: Point, radius: Double, start: Double, end: Double) {
    guard let cairo = valid("arc(center:radius:start:end:)") else { return }
    cairo_arc(cairo, center.x, center.y, radius, start, end)
  }

  /// Adds a whole circle, as a piece of its own.
  ///
  /// ```swift
  /// context.circle(center: Point(x: 50, y: 50), radius: 20)
  /// context.fill(.red)
  /// ```
  public func circle(center: Point, radius: Double) {
    guard let cairo = valid("circle(center:radius:)") else { return }
    cairo_new_sub_path(cairo)
    cairo_arc(cairo, center.x, center.y, radius, 0, 2 * .pi)
    cairo_close_path(cairo)
  }

  /// Adds a rectangle, as a piece of its own.
  ///
  /// ```swift
  /// context.rectangle(Rect(x: 10, y: 10, width: 80, height: 30))
  /// context.stroke(.gray, lineWidth: 1)
  /// ```
  public func rectangle(_ rect: Rect) {
    guard let cairo = valid("rectangle(_:)") else { return }
    cairo_rectangle(cairo, rect.origin.x, rect.origin.y, rect.size.width, rect.size.height)
  }

  /// Closes the current piece of the path with a line back to where it started.
  ///
  /// ```swift
  /// context.move(to: Point(x: 50, y: 10))
  /// context.line(to: Point(x: 90, y: 90))
  /// context.line(to: Point(x: 10, y: 90))
  /// context.closePath()
  /// context.fill(.green)   // a triangle
  /// ```
  public func closePath() {
    guard let cairo = valid("closePath()") else { return }
    cairo_close_path(cairo)
  }

  /// Forgets the path built so far without painting it.
  ///
  /// ```swift
  /// context.newPath()
  /// ```
  public func newPath() {
    guard let cairo = valid("newPath()") else { return }
    cairo_new_path(cairo)
  }

  // MARK: Painting

  /// Fills the path's inside with `color`, and clears the path.
  ///
  /// ```swift
  /// context.circle(center: Point(x: 50, y: 50), radius: 20)
  /// context.fill(.red)
  /// ```
  public func fill(_ color: Color) {
    guard let cairo = valid("fill(_:)") else { return }
    setColor(color, cairo)
    cairo_fill(cairo)
  }

  /// Fills the path's inside with `color`, keeping the path for another paint.
  ///
  /// ```swift
  /// context.circle(center: Point(x: 50, y: 50), radius: 20)
  /// context.fillPreserve(.yellow)
  /// context.stroke(.black, lineWidth: 2)   // a yellow disc with a black outline
  /// ```
  public func fillPreserve(_ color: Color) {
    guard let cairo = valid("fillPreserve(_:)") else { return }
    setColor(color, cairo)
    cairo_fill_preserve(cairo)
  }

  /// Draws the path's outline with `color`, `lineWidth` pixels wide, and clears the path.
  ///
  /// ```swift
  /// context.rectangle(Rect(x: 10, y: 10, width: 80, height: 30))
  /// context.stroke(.black, lineWidth: 2)
  /// ```
  public func stroke(_ color: Color, lineWidth: Double = 1) {
    guard let cairo = valid("stroke(_:lineWidth:)") else { return }
    setColor(color, cairo)
    cairo_set_line_width(cairo, lineWidth)
    cairo_stroke(cairo)
  }

  /// Draws the path's outline, keeping the path for another paint.
  ///
  /// ```swift
  /// context.circle(center: Point(x: 50, y: 50), radius: 20)
  /// context.strokePreserve(.black, lineWidth: 4)
  /// context.fill(.white)
  /// ```
  public func strokePreserve(_ color: Color, lineWidth: Double = 1) {
    guard let cairo = valid("strokePreserve(_:lineWidth:)") else { return }
    setColor(color, cairo)
    cairo_set_line_width(cairo, lineWidth)
    cairo_stroke_preserve(cairo)
  }

  /// Paints the whole area (within the current clip) with `color`.
  ///
  /// ```swift
  /// context.paint(.white)   // a white background
  /// ```
  public func paint(_ color: Color) {
    guard let cairo = valid("paint(_:)") else { return }
    setColor(color, cairo)
    cairo_paint(cairo)
  }

  /// Draws `text` in the default sans-serif face, `size` pixels high, with the left end of its
  /// baseline at `point`. The path is cleared.
  ///
  /// ```swift
  /// context.text("Hello", at: Point(x: 10, y: 30), size: 18, color: .blue)
  /// ```
  public func text(_ text: String, at point: Point, size: Double = 14, color: Color = .black) {
    guard let cairo = valid("text(_:at:size:color:)") else { return }
    cairo_new_path(cairo)
    setColor(color, cairo)
    cairo_select_font_face(cairo, "Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL)
    cairo_set_font_size(cairo, size)
    cairo_move_to(cairo, point.x, point.y)
    cairo_show_text(cairo, text)
    cairo_new_path(cairo)
  }

  /// How wide and high `text` is when drawn at `size`, for centring or aligning it.
  ///
  /// ```swift
  /// let width = context.textSize("Hello", size: 18).width
  /// context.text("Hello", at: Point(x: (size.width - width) / 2, y: 30), size: 18)
  /// ```
  public func textSize(_ text: String, size: Double = 14) -> Size {
    guard let cairo = valid("textSize(_:size:)") else { return .zero }
    cairo_save(cairo)
    defer { cairo_restore(cairo) }
    cairo_select_font_face(cairo, "Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL)
    cairo_set_font_size(cairo, size)
    var extents = cairo_text_extents_t()
    cairo_text_extents(cairo, text, &extents)
    return Size(width: extents.x_advance, height: extents.height)
  }

  // MARK: State

  /// Saves the current state (transformation, line width, colour), to be brought back by
  /// ``restore()``.
  ///
  /// ```swift
  /// context.save()
  /// context.translate(x: 50, y: 50)
  /// context.circle(center: .zero, radius: 10)   // drawn at (50, 50)
  /// context.fill(.red)
  /// context.restore()
  /// ```
  public func save() {
    guard let cairo = valid("save()") else { return }
    cairo_save(cairo)
  }

  /// Brings back the state of the matching ``save()``.
  ///
  /// ```swift
  /// context.restore()
  /// ```
  public func restore() {
    guard let cairo = valid("restore()") else { return }
    cairo_restore(cairo)
  }

  /// Runs `body` between ``save()`` and ``restore()``.
  ///
  /// ```swift
  /// context.withSavedState {
  ///   context.translate(x: 20, y: 20)
  ///   context.rectangle(Rect(x: 0, y: 0, width: 10, height: 10))
  ///   context.fill(.blue)
  /// }
  /// ```
  public func withSavedState<Result>(_ body: () throws -> Result) rethrows -> Result {
    save()
    defer { restore() }
    return try body()
  }

  /// Moves the origin by (`x`, `y`): what is drawn next is shifted by that much.
  ///
  /// ```swift
  /// context.translate(x: size.width / 2, y: size.height / 2)   // (0, 0) is the centre now
  /// ```
  public func translate(x: Double, y: Double) {
    guard let cairo = valid("translate(x:y:)") else { return }
    cairo_translate(cairo, x, y)
  }

  /// Scales what is drawn next by `x` horizontally and `y` vertically.
  ///
  /// ```swift
  /// context.scale(x: 2, y: 2)   // everything twice as large
  /// ```
  public func scale(x: Double, y: Double) {
    guard let cairo = valid("scale(x:y:)") else { return }
    cairo_scale(cairo, x, y)
  }

  /// Rotates what is drawn next by `angle` radians, clockwise, around the origin.
  ///
  /// ```swift
  /// context.rotate(by: .pi / 4)
  /// ```
  public func rotate(by angle: Double) {
    guard let cairo = valid("rotate(by:)") else { return }
    cairo_rotate(cairo, angle)
  }

  private func setColor(_ color: Color, _ cairo: OpaquePointer) {
    cairo_set_source_rgba(cairo, color.red, color.green, color.blue, color.alpha)
  }
}
#endif

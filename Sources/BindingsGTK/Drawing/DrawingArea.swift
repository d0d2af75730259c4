#if GTK
import Bindings
import CGTK

/// A widget your own code draws (`GtkDrawingArea`), from a content value that can be bound:
/// each new value redraws it.
///
/// ```swift
/// struct Circle { var center: Point; var radius: Double }
///
/// let canvas = DrawingArea<[Circle]>(initial: [], width: 400, height: 300) { context, circles, size in
///   context.paint(.white)
///   for circle in circles {
///     context.circle(center: circle.center, radius: circle.radius)
///     context.stroke(.black, lineWidth: 1)
///   }
/// }
/// canvas.reactive.content <~ model.$circles
/// ```
///
/// The draw closure runs on GTK's thread whenever GTK draws the widget (after a new content value,
/// a resize, or ``queueDraw()``), with a ``DrawingContext`` valid during the call, the current
/// content and the widget's size. It should draw from these alone: it may run at any time, any
/// number of times. A drawing that cairo refuses (a scale of zero, a NaN coordinate) stops at the call
/// that failed and is reported in a diagnostic; the next draw starts afresh.
@MainActor
public final class DrawingArea<Content>: Widget, ContentDrawing {
  /// The content the closure draws, shared with the closure GTK holds.
  private let cell: ContentCell<Content>

  /// An area that draws `initial` with `draw` until other content is set or bound.
  ///
  /// - Parameters:
  ///   - initial: The content to draw first.
  ///   - width: The width the area asks for, in pixels (`nil`: none; it takes what its parent gives).
  ///   - height: The height the area asks for.
  ///   - draw: Draws `content` with `context` into an area of `size`.
  public init(
    initial: Content,
    width: Int? = nil,
    height: Int? = nil,
    draw: @escaping @MainActor (_ context: DrawingContext, _ content: Content, _ size: Size) -> Void
  ) {
    let cell = ContentCell(initial)
    self.cell = cell
    super.init(gtk_drawing_area_new(), ownership: .transferred)
    if let width { gtk_drawing_area_set_content_width(drawingArea, Int32(clamping: width)) }
    if let height { gtk_drawing_area_set_content_height(drawingArea, Int32(clamping: height)) }
    // GTK holds the drawing closure (not the wrapper) and releases it with the widget.
    let callback = DrawCallback { cairo, size in
      let context = DrawingContext(cairo)
      defer { context.endDraw() }
      draw(context, cell.content, size)
    }
    gtk_drawing_area_set_draw_func(
      drawingArea,
      { _, cairo, width, height, data in
        let callback = Unmanaged<DrawCallback>.fromOpaque(data!).takeUnretainedValue()
        MainActor.assumeIsolated { callback.draw(cairo!, Size(width: Double(width), height: Double(height))) }
      },
      Unmanaged.passRetained(callback).toOpaque(),
      { data in Unmanaged<DrawCallback>.fromOpaque(data!).release() }
    )
  }

  /// The area as GTK's `GtkDrawingArea *`.
  public var drawingArea: UnsafeMutablePointer<GtkDrawingArea> { cast() }

  /// The content drawn; setting it redraws the area.
  ///
  /// ```swift
  /// canvas.content.append(Circle(center: Point(x: 20, y: 20), radius: 10))   // drawn on the next frame
  /// ```
  public var content: Content {
    get { cell.content }
    set {
      cell.content = newValue
      queueDraw()
    }
  }

  /// Asks GTK to draw the area again on its next frame (what setting ``content`` does).
  ///
  /// ```swift
  /// canvas.queueDraw()
  /// ```
  public func queueDraw() {
    gtk_widget_queue_draw(widget)
  }
}

/// A widget drawn from one content value: what gives ``DrawingArea`` its `reactive.content` target.
///
/// ```swift
/// canvas.reactive.content <~ model.$circles
/// ```
@MainActor
public protocol ContentDrawing: Widget {
  /// The type of the value drawn.
  associatedtype Content
  /// The value drawn; setting it redraws the widget.
  var content: Content { get set }
}

@MainActor
extension Reactive where Base: ContentDrawing {
  /// The content drawn, as a target: each value redraws the area.
  ///
  /// ```swift
  /// canvas.reactive.content <~ model.$circles
  /// ```
  public var content: BindingTarget<Base, Base.Content> {
    gtkTarget("content") { area, content in area.content = content }
  }
}

/// The content of a ``DrawingArea``, shared by the wrapper and the draw closure GTK holds.
@MainActor
private final class ContentCell<Content> {
  var content: Content

  init(_ content: Content) {
    self.content = content
  }
}

/// The draw closure GTK holds, released by GTK when the widget is finalized.
@MainActor
private final class DrawCallback {
  let draw: @MainActor (OpaquePointer, Size) -> Void

  init(_ draw: @escaping @MainActor (OpaquePointer, Size) -> Void) {
    self.draw = draw
    GTKLiveObjects.made("DrawingArea.DrawCallback")
  }

  isolated deinit {
    GTKLiveObjects.released("DrawingArea.DrawCallback")
  }
}
#endif

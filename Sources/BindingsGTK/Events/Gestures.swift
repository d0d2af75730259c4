#if GTK
import Bindings
import CGTK

/// A mouse button, as GTK numbers them.
///
/// ```swift
/// let contextClicks = ClickGesture(button: .secondary)
/// ```
public struct MouseButton: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
  /// GTK's number for the button (0 for any).
  public var rawValue: UInt32

  /// The button GTK numbers `rawValue`.
  public init(rawValue: UInt32) { self.rawValue = rawValue }

  /// Any button (for a gesture: it reacts to all of them).
  public static let any = MouseButton(rawValue: 0)
  /// The primary (usually left) button.
  public static let primary = MouseButton(rawValue: 1)
  /// The middle button (or wheel press).
  public static let middle = MouseButton(rawValue: 2)
  /// The secondary (usually right) button: context menus.
  public static let secondary = MouseButton(rawValue: 3)

  /// `primary`, `middle`, `secondary`, `any` or `button 8`.
  public var description: String {
    switch rawValue {
    case 0: "any"
    case 1: "primary"
    case 2: "middle"
    case 3: "secondary"
    default: "button \(rawValue)"
    }
  }
}

/// One press or release of a mouse button (or a tap) seen by a ``ClickGesture``.
///
/// ```swift
/// clicks.reactive.pressed.sink { click in
///   if click.count == 2 { print("double-click at \(click.location)") }
/// }
/// ```
public struct Click: Hashable, Sendable {
  /// The button pressed.
  public var button: MouseButton
  /// How many presses in a row (2 for a double click).
  public var count: Int
  /// Where, in the widget's coordinates.
  public var x: Double
  /// Where, in the widget's coordinates.
  public var y: Double

  /// A click of `button`, the `count`th in a row, at (`x`, `y`).
  public init(button: MouseButton, count: Int, x: Double, y: Double) {
    self.button = button
    self.count = count
    self.x = x
    self.y = y
  }

  /// (``x``, ``y``).
  public var location: Point { Point(x: x, y: y) }
}

/// Presses and releases of a mouse button, with their position and count (`GtkGestureClick`).
///
/// ```swift
/// let clicks = ClickGesture(button: .primary)
/// canvas.addController(clicks)
/// clicks.reactive.pressed ~> (model, { model, click in
///   if click.count == 1 { model.addCircle(at: click.location) }
/// })
/// ```
@MainActor
public final class ClickGesture: EventController {
  /// A gesture for `button` (``MouseButton/any`` for every button).
  public init(button: MouseButton = .primary) {
    super.init(UnsafeMutableRawPointer(gtk_gesture_click_new()!), ownership: .transferred)
    self.button = button
  }

  /// The button the gesture reacts to.
  public var button: MouseButton {
    get { MouseButton(rawValue: gtk_gesture_single_get_button(OpaquePointer(object))) }
    set { gtk_gesture_single_set_button(OpaquePointer(object), newValue.rawValue) }
  }

  /// The button of the event being handled, or the gesture's own when there is none.
  fileprivate var currentButton: MouseButton {
    let current = gtk_gesture_single_get_current_button(OpaquePointer(object))
    return current != 0 ? MouseButton(rawValue: current) : button
  }
}

@MainActor
extension Reactive where Base: ClickGesture {
  /// One ``Click`` per press (`pressed`); a double click sends a second one with `count == 2`.
  ///
  /// ```swift
  /// clicks.reactive.pressed.filter { $0.count == 2 } ~> (model, { model, _ in model.edit() })
  /// ```
  public var pressed: SignalPublisher<Click> { clicks("pressed") }

  /// One ``Click`` per release (`released`).
  ///
  /// ```swift
  /// clicks.reactive.released ~> (model, { model, click in model.endStroke(at: click.location) })
  /// ```
  public var released: SignalPublisher<Click> { clicks("released") }

  private func clicks(_ signal: String) -> SignalPublisher<Click> {
    SignalPublisher(
      base, signal: signal, signature: SignalSignature(Int.self, Double.self, Double.self),
      read: { wrapper, emitted in
        readSignalArguments(Int.self, Double.self, Double.self, of: signal, on: wrapper, emitted).map {
          Click(button: unsafeDowncast(wrapper, to: ClickGesture.self).currentButton, count: $0, x: $1, y: $2)
        }
      })
  }
}

@MainActor
extension Reactive where Base: Widget {
  /// Clicks of `button` on the widget: adds a ``ClickGesture`` to the widget and gives its
  /// `reactive.pressed`. Each call adds another gesture; keep one when you bind several
  /// things to the same clicks.
  ///
  /// ```swift
  /// canvas.reactive.clicks(button: .secondary) ~> (model, { model, click in model.showMenu(at: click.location) })
  /// ```
  public func clicks(button: MouseButton = .primary) -> SignalPublisher<Click> {
    let gesture = ClickGesture(button: button)
    base.addController(gesture)
    return gesture.reactive.pressed
  }
}

/// A drag's progress, seen by a ``DragGesture``: where it started and how far it has gone.
///
/// ```swift
/// drags.reactive.updated.sink { drag in print(drag.location) }   // the pointer's point now
/// ```
public struct Drag: Hashable, Sendable {
  /// Where the drag started, in the widget's coordinates.
  public var start: Point
  /// How far it has moved from ``start``: x and y distances.
  public var offset: Point

  /// A drag from `start`, moved by `offset`.
  public init(start: Point, offset: Point) {
    self.start = start
    self.offset = offset
  }

  /// Where the pointer is now: ``start`` moved by ``offset``.
  public var location: Point { Point(x: start.x + offset.x, y: start.y + offset.y) }
}

/// A drag with a mouse button or a finger (`GtkGestureDrag`): its start, each move, its end.
///
/// ```swift
/// let drags = DragGesture()
/// canvas.addController(drags)
/// drags.reactive.updated ~> (model, { model, drag in model.moveSelection(to: drag.location) })
/// ```
@MainActor
public final class DragGesture: EventController {
  /// Where the current (or last) drag started, recorded when it begins.
  private var start = Point.zero

  /// A drag gesture for `button`.
  public init(button: MouseButton = .primary) {
    super.init(UnsafeMutableRawPointer(gtk_gesture_drag_new()!), ownership: .transferred)
    gtk_gesture_single_set_button(OpaquePointer(object), button.rawValue)
    // Connected first, so that it runs before any subscriber's handler.
    _ = SignalConnection.connect(
      "drag-begin", shape: .values, of: self,
      handler: { [weak self] emitted in
        if let self, let (x, y) = readSignalArguments(Double.self, Double.self, of: "drag-begin", on: self, emitted) {
          self.start = Point(x: x, y: y)
        }
        return false
      })
  }

  fileprivate func drag(offsetX: Double, offsetY: Double) -> Drag {
    Drag(start: start, offset: Point(x: offsetX, y: offsetY))
  }
}

@MainActor
extension Reactive where Base: DragGesture {
  /// A drag began: its start, with no offset (`drag-begin`).
  ///
  /// ```swift
  /// drags.reactive.began ~> (model, { model, drag in model.beginStroke(at: drag.start) })
  /// ```
  public var began: SignalPublisher<Drag> {
    SignalPublisher(
      base, signal: "drag-begin", signature: SignalSignature(Double.self, Double.self),
      read: { wrapper, emitted in
        readSignalArguments(Double.self, Double.self, of: "drag-begin", on: wrapper, emitted).map {
          Drag(start: Point(x: $0, y: $1), offset: .zero)
        }
      })
  }

  /// The drag moved: its start and its offset from there (`drag-update`).
  ///
  /// ```swift
  /// drags.reactive.updated ~> (model, { model, drag in model.extendStroke(to: drag.location) })
  /// ```
  public var updated: SignalPublisher<Drag> { offsets("drag-update") }

  /// The drag ended: its start and its final offset (`drag-end`).
  ///
  /// ```swift
  /// drags.reactive.ended ~> (model, { model, drag in model.endStroke(at: drag.location) })
  /// ```
  public var ended: SignalPublisher<Drag> { offsets("drag-end") }

  private func offsets(_ signal: String) -> SignalPublisher<Drag> {
    SignalPublisher(
      base, signal: signal, signature: SignalSignature(Double.self, Double.self),
      read: { wrapper, emitted in
        readSignalArguments(Double.self, Double.self, of: signal, on: wrapper, emitted).map {
          unsafeDowncast(wrapper, to: DragGesture.self).drag(offsetX: $0, offsetY: $1)
        }
      })
  }
}

/// A press held without moving (`GtkGestureLongPress`): touch screens' right click.
///
/// ```swift
/// let hold = LongPressGesture()
/// list.addController(hold)
/// hold.reactive.pressed ~> (model, { model, point in model.showDetails(at: point) })
/// ```
@MainActor
public final class LongPressGesture: EventController {
  /// A long-press gesture.
  public init() {
    super.init(UnsafeMutableRawPointer(gtk_gesture_long_press_new()!), ownership: .transferred)
  }
}

@MainActor
extension Reactive where Base: LongPressGesture {
  /// The press was held long enough: where (`pressed`).
  ///
  /// ```swift
  /// hold.reactive.pressed.sink { point in print("held at \(point)") }
  /// ```
  public var pressed: SignalPublisher<Point> {
    SignalPublisher(
      base, signal: "pressed", signature: SignalSignature(Double.self, Double.self),
      read: { wrapper, emitted in
        readSignalArguments(Double.self, Double.self, of: "pressed", on: wrapper, emitted).map {
          Point(x: $0, y: $1)
        }
      })
  }

  /// The press ended (or moved) before it was long enough (`cancelled`).
  ///
  /// ```swift
  /// hold.reactive.cancelled ~> (model, { model, _ in model.hideHint() })
  /// ```
  public var cancelled: SignalPublisher<Void> {
    SignalPublisher(base, signal: "cancelled", shape: .plain) { _ in () }
  }
}
#endif

#if GTK
import Bindings
import CGTK

/// The pointer entering, moving over and leaving a widget (`GtkEventControllerMotion`).
///
/// ```swift
/// let motion = MotionController()
/// canvas.addController(motion)
/// motion.reactive.moved ~> (model, { model, point in model.hover(at: point) })
/// motion.reactive.left ~> (model, { model, _ in model.hover(at: nil) })
/// ```
@MainActor
public final class MotionController: EventController {
  /// A motion controller.
  public init() {
    super.init(UnsafeMutableRawPointer(gtk_event_controller_motion_new()!), ownership: .transferred)
  }
}

@MainActor
extension Reactive where Base: MotionController {
  /// The pointer came into the widget, here (`enter`).
  ///
  /// ```swift
  /// motion.reactive.entered.sink { point in print("in at \(point)") }
  /// ```
  public var entered: SignalPublisher<Point> { points("enter") }

  /// The pointer moved over the widget, to here (`motion`).
  ///
  /// ```swift
  /// motion.reactive.moved ~> (model, { model, point in model.hover(at: point) })
  /// ```
  public var moved: SignalPublisher<Point> { points("motion") }

  /// The pointer left the widget (`leave`).
  ///
  /// ```swift
  /// motion.reactive.left ~> (model, { model, _ in model.hover(at: nil) })
  /// ```
  public var left: SignalPublisher<Void> {
    SignalPublisher(base, signal: "leave", shape: .plain) { _ in () }
  }

  private func points(_ signal: String) -> SignalPublisher<Point> {
    SignalPublisher(
      base, signal: signal, signature: SignalSignature(Double.self, Double.self),
      read: { wrapper, emitted in
        readSignalArguments(Double.self, Double.self, of: signal, on: wrapper, emitted).map { Point(x: $0, y: $1) }
      })
  }
}

/// One scroll step or swipe seen by a ``ScrollController``: how far, in each direction.
///
/// ```swift
/// scroller.reactive.scrolled.sink { scroll in
///   if scroll.dy < 0 { print("up") }
///   scroll.markHandled()   // the scrolled window around does not scroll too
/// }
/// ```
public struct Scroll: Hashable, Sendable {
  /// Horizontal distance (positive: right), in steps for a wheel, in pixels for a touchpad.
  public var dx: Double
  /// Vertical distance (positive: down).
  public var dy: Double
  fileprivate let emission: SignalEmission<(Double, Double), Bool>?

  /// A scroll by (`dx`, `dy`).
  public init(dx: Double, dy: Double) {
    self.init(dx: dx, dy: dy, emission: nil)
  }

  fileprivate init(dx: Double, dy: Double, emission: SignalEmission<(Double, Double), Bool>?) {
    self.dx = dx
    self.dy = dy
    self.emission = emission
  }

  /// Tells GTK the scroll is handled here, so it stops passing it on (to a scrolled window around
  /// the widget). Only while receiving the value, on GTK's thread.
  @MainActor
  public func markHandled() { emission?.reply(true) }

  /// Scrolls are equal when their distances are.
  public static func == (lhs: Scroll, rhs: Scroll) -> Bool { lhs.dx == rhs.dx && lhs.dy == rhs.dy }

  /// Hashes the distances.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(dx)
    hasher.combine(dy)
  }
}

/// Scroll wheels and touchpad swipes over a widget (`GtkEventControllerScroll`), both axes.
///
/// ```swift
/// let scroller = ScrollController()
/// canvas.addController(scroller)
/// scroller.reactive.scrolled ~> (model, { model, scroll in model.zoom(by: -scroll.dy) })
/// ```
@MainActor
public final class ScrollController: EventController {
  /// A scroll controller for both axes.
  public init() {
    super.init(
      UnsafeMutableRawPointer(gtk_event_controller_scroll_new(GTK_EVENT_CONTROLLER_SCROLL_BOTH_AXES)!),
      ownership: .transferred)
  }
}

@MainActor
extension Reactive where Base: ScrollController {
  /// One ``Scroll`` per scroll event (`scroll`); a subscriber may ``Scroll/markHandled()``.
  ///
  /// ```swift
  /// scroller.reactive.scrolled ~> (model, { model, scroll in model.pan(dx: scroll.dx, dy: scroll.dy) })
  /// ```
  public var scrolled: SignalPublisher<Scroll> {
    SignalPublisher(
      base, signal: "scroll", signature: SignalSignature(Double.self, Double.self, answeredWith: Bool.self),
      read: { wrapper, emitted in
        readSignalArguments(Double.self, Double.self, of: "scroll", on: wrapper, emitted).map {
          Scroll(dx: $0, dy: $1, emission: SignalEmission(($0, $1), signal: "\(wrapper.typeName)::scroll"))
        }
      },
      respond: { scroll, emitted in scroll.emission?.end(storingInto: emitted.returnValue) })
  }
}

/// The modifier keys held during a key press or click (`GdkModifierType`).
///
/// ```swift
/// if press.modifiers.contains(.control) && press.keyName == "z" { model.undo() }
/// ```
public struct KeyModifiers: OptionSet, Hashable, Sendable, SignalFlags {
  /// GDK's bits.
  public var rawValue: UInt32

  /// The modifiers of these GDK bits.
  public init(rawValue: UInt32) { self.rawValue = rawValue }

  /// Shift.
  public static let shift = KeyModifiers(rawValue: GDK_SHIFT_MASK.rawValue)
  /// Caps Lock.
  public static let capsLock = KeyModifiers(rawValue: GDK_LOCK_MASK.rawValue)
  /// Control.
  public static let control = KeyModifiers(rawValue: GDK_CONTROL_MASK.rawValue)
  /// Alt.
  public static let alt = KeyModifiers(rawValue: GDK_ALT_MASK.rawValue)
  /// Super (the Windows or Command key).
  public static let `super` = KeyModifiers(rawValue: GDK_SUPER_MASK.rawValue)
  /// Hyper.
  public static let hyper = KeyModifiers(rawValue: GDK_HYPER_MASK.rawValue)
  /// Meta.
  public static let meta = KeyModifiers(rawValue: GDK_META_MASK.rawValue)
}

/// One key pressed or released, seen by a ``KeyController``.
///
/// ```swift
/// keys.reactive.keyPressed.sink { press in
///   if press.keyName == "Escape" {
///     model.cancelEditing()
///     press.markHandled()   // GTK stops passing the key on
///   }
/// }
/// ```
public struct KeyPress: Hashable, Sendable {
  /// The key's symbol (GDK's keyval: `0xff1b` for Escape, `0x61` for `a`).
  public var keyValue: UInt32
  /// The symbol's name: `"Escape"`, `"Return"`, `"a"`, `"A"`, `"F1"`.
  public var keyName: String
  /// The modifier keys held.
  public var modifiers: KeyModifiers
  /// The hardware key code.
  public var keyCode: UInt32
  fileprivate let emission: SignalEmission<(UInt32, UInt32, KeyModifiers), Bool>?

  /// A key press of `keyValue` named `keyName` with `modifiers` held.
  public init(keyValue: UInt32, keyName: String, modifiers: KeyModifiers = [], keyCode: UInt32 = 0) {
    self.init(keyValue: keyValue, keyName: keyName, modifiers: modifiers, keyCode: keyCode, emission: nil)
  }

  fileprivate init(
    keyValue: UInt32, keyName: String, modifiers: KeyModifiers, keyCode: UInt32,
    emission: SignalEmission<(UInt32, UInt32, KeyModifiers), Bool>?
  ) {
    self.keyValue = keyValue
    self.keyName = keyName
    self.modifiers = modifiers
    self.keyCode = keyCode
    self.emission = emission
  }

  /// Tells GTK the key is handled here, so it stops passing it on (to the focused widget's
  /// parents, or the window's shortcuts). Only while receiving the press, on GTK's thread; a
  /// release cannot be handled.
  @MainActor
  public func markHandled() { emission?.reply(true) }

  /// Presses are equal when their keys, names, modifiers and key codes are.
  public static func == (lhs: KeyPress, rhs: KeyPress) -> Bool {
    lhs.keyValue == rhs.keyValue && lhs.keyName == rhs.keyName && lhs.modifiers == rhs.modifiers
      && lhs.keyCode == rhs.keyCode
  }

  /// Hashes the key, name, modifiers and key code.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(keyValue)
    hasher.combine(keyName)
    hasher.combine(modifiers)
    hasher.combine(keyCode)
  }
}

/// Keys pressed and released while the widget (or a child) has the focus (`GtkEventControllerKey`).
///
/// ```swift
/// let keys = KeyController()
/// window.addController(keys)
/// keys.reactive.keyPressed ~> (model, { model, press in
///   if press.keyName == "Delete" { model.deleteSelection(); press.markHandled() }
/// })
/// ```
@MainActor
public final class KeyController: EventController {
  /// A key controller.
  public init() {
    super.init(UnsafeMutableRawPointer(gtk_event_controller_key_new()!), ownership: .transferred)
  }
}

@MainActor
extension Reactive where Base: KeyController {
  /// One ``KeyPress`` per key pressed (`key-pressed`); a subscriber may ``KeyPress/markHandled()``
  /// to stop GTK passing the key on.
  ///
  /// ```swift
  /// keys.reactive.keyPressed.filter { $0.keyName == "Escape" } ~> (model, { model, _ in model.close() })
  /// ```
  public var keyPressed: SignalPublisher<KeyPress> {
    SignalPublisher(
      base, signal: "key-pressed",
      signature: SignalSignature(UInt32.self, UInt32.self, KeyModifiers.self, answeredWith: Bool.self),
      read: { wrapper, emitted in
        readSignalArguments(UInt32.self, UInt32.self, KeyModifiers.self, of: "key-pressed", on: wrapper, emitted)
          .map { keyValue, keyCode, modifiers in
            KeyPress(
              keyValue: keyValue, keyName: keyName(keyValue), modifiers: modifiers, keyCode: keyCode,
              emission: SignalEmission((keyValue, keyCode, modifiers), signal: "\(wrapper.typeName)::key-pressed"))
          }
      },
      respond: { press, emitted in press.emission?.end(storingInto: emitted.returnValue) })
  }

  /// One ``KeyPress`` per key released (`key-released`).
  ///
  /// ```swift
  /// keys.reactive.keyReleased.filter { $0.keyName == "space" } ~> (model, { model, _ in model.stopPanning() })
  /// ```
  public var keyReleased: SignalPublisher<KeyPress> {
    SignalPublisher(
      base, signal: "key-released",
      signature: SignalSignature(UInt32.self, UInt32.self, KeyModifiers.self),
      read: { wrapper, emitted in
        readSignalArguments(UInt32.self, UInt32.self, KeyModifiers.self, of: "key-released", on: wrapper, emitted)
          .map { keyValue, keyCode, modifiers in
            KeyPress(keyValue: keyValue, keyName: keyName(keyValue), modifiers: modifiers, keyCode: keyCode)
          }
      })
  }
}

/// GDK's name of a key symbol, "" for none.
private func keyName(_ keyValue: UInt32) -> String {
  gdk_keyval_name(keyValue).map { String(cString: $0) } ?? ""
}

/// The keyboard focus coming into and leaving a widget or its children (`GtkEventControllerFocus`).
///
/// ```swift
/// let focus = FocusController()
/// field.addController(focus)
/// focus.reactive.left ~> (model, { model, _ in model.validate() })
/// ```
@MainActor
public final class FocusController: EventController {
  /// A focus controller.
  public init() {
    super.init(UnsafeMutableRawPointer(gtk_event_controller_focus_new()!), ownership: .transferred)
  }

  /// Whether the focus is in the widget or one of its children (`contains-focus`).
  public var containsFocus: Bool { gtk_event_controller_focus_contains_focus(OpaquePointer(object)) != 0 }
}

@MainActor
extension Reactive where Base: FocusController {
  /// The focus came into the widget or one of its children (`enter`).
  ///
  /// ```swift
  /// focus.reactive.entered ~> (model, { model, _ in model.beginEditing() })
  /// ```
  public var entered: SignalPublisher<Void> {
    SignalPublisher(base, signal: "enter", shape: .plain) { _ in () }
  }

  /// The focus left the widget and its children (`leave`).
  ///
  /// ```swift
  /// focus.reactive.left ~> (model, { model, _ in model.commit() })
  /// ```
  public var left: SignalPublisher<Void> {
    SignalPublisher(base, signal: "leave", shape: .plain) { _ in () }
  }
}

@MainActor
extension Reactive where Base: Widget {
  /// Whether the widget itself has the keyboard focus (`has-focus`): a source that starts with the
  /// current value and sends each change.
  ///
  /// ```swift
  /// field.reactive.hasFocus ~> (model, { model, focused in if !focused { model.commit() } })
  /// ```
  public var hasFocus: SignalPublisher<Bool> {
    SignalPublisher(base, signal: "notify::has-focus", shape: .pointerArgument, replaysCurrentValue: true) {
      gtk_widget_has_focus(unsafeDowncast($0, to: Widget.self).widget) != 0
    }
  }
}
#endif

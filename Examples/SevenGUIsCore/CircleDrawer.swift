import Bindings
import Foundation

/// A circle on the Circle Drawer's canvas.
public struct Circle: Equatable, Sendable {
  /// The centre's horizontal coordinate, in points.
  public var x: Double
  /// The centre's vertical coordinate, in points.
  public var y: Double
  /// The diameter, in points.
  public var diameter: Double

  /// Creates a circle centred at (`x`, `y`).
  public init(x: Double, y: Double, diameter: Double) {
    (self.x, self.y, self.diameter) = (x, y, diameter)
  }

  /// The distance from the centre to (`x`, `y`).
  func distance(to x: Double, _ y: Double) -> Double { hypot(self.x - x, self.y - y) }
}

/// 7GUIs task 6, Circle Drawer: circles added by clicks, the one under the pointer selected, its
/// diameter adjusted in a dialog, with undo and redo.
///
/// ```swift
/// let drawer = CircleDrawerModel()
/// canvas.reactive.content <~ drawer.$circles.combineLatest(drawer.$selected)
/// drawer.click(x: 100, y: 80)   // adds a circle of diameter 30 there, one undo step
/// drawer.undo()                 // removes it
/// ```
///
/// The rules (7GUIs), which the tests check one by one:
/// 1. A click in an empty area adds a circle of ``defaultDiameter`` centred there.
/// 2. The selected circle is the one nearest the pointer among those whose centre is closer to the
///    pointer than their radius, or none; it is drawn filled. A click on a circle adds nothing.
/// 3. While the diameter of the selected circle is adjusted (``beginAdjusting()``,
///    ``adjust(diameter:)``, ``endAdjusting()``), each change applies at once and the selection stays;
///    closing the dialog makes the last diameter one undo step.
/// 4. ``undo()`` undoes the last step (an addition or a diameter adjustment); ``redo()`` applies
///    again the last undone step, unless a new step was made since. ``canUndo`` and ``canRedo`` say
///    whether they apply.
public final class CircleDrawerModel: BindingOwner {
  /// The diameter of a new circle.
  public static let defaultDiameter = 30.0
  /// The bindings the model owns.
  public let bindings = BindingBag()
  /// The circles, in the order they were added.
  @Published public private(set) var circles: [Circle] = []
  /// The index of the selected circle in ``circles``, or `nil`.
  @Published public private(set) var selected: Int?
  /// Whether ``undo()`` applies.
  @Published public private(set) var canUndo = false
  /// Whether ``redo()`` applies.
  @Published public private(set) var canRedo = false
  /// The index of the circle being adjusted, while the dialog is open.
  public private(set) var adjusting: Int?
  private var undoStack: [[Circle]] = [] { didSet { canUndo = !undoStack.isEmpty } }
  private var redoStack: [[Circle]] = [] { didSet { canRedo = !redoStack.isEmpty } }
  private var beforeAdjusting: [Circle] = []

  /// Creates an empty canvas.
  public init() {}

  /// The pointer moved to (`x`, `y`): selects the nearest circle under it (rule 2).
  public func hover(x: Double, y: Double) {
    guard adjusting == nil else { return }
    let under = circles.indices.filter { circles[$0].distance(to: x, y) < circles[$0].diameter / 2 }
    selected = under.min { circles[$0].distance(to: x, y) < circles[$1].distance(to: x, y) }
  }

  /// A primary click at (`x`, `y`): selects the circle there, or adds one in an empty area (rule 1).
  public func click(x: Double, y: Double) {
    hover(x: x, y: y)
    guard selected == nil, adjusting == nil else { return }
    record(circles)
    circles.append(Circle(x: x, y: y, diameter: Self.defaultDiameter))
    selected = circles.count - 1
  }

  /// Starts adjusting the selected circle's diameter, when one is selected; returns whether it did.
  @discardableResult
  public func beginAdjusting() -> Bool {
    guard adjusting == nil, let selected else { return false }
    (adjusting, beforeAdjusting) = (selected, circles)
    return true
  }

  /// Sets the diameter of the circle being adjusted, at once and without an undo step.
  public func adjust(diameter: Double) {
    guard let adjusting, circles[adjusting].diameter != diameter else { return }
    circles[adjusting].diameter = diameter
  }

  /// Ends the adjustment: a changed diameter becomes one undo step.
  public func endAdjusting() {
    guard adjusting != nil else { return }
    adjusting = nil
    if circles != beforeAdjusting { record(beforeAdjusting) }
  }

  /// Undoes the last step.
  public func undo() { step(from: &undoStack, to: &redoStack) }

  /// Applies again the last undone step.
  public func redo() { step(from: &redoStack, to: &undoStack) }

  /// Goes back to the last state of `source`, keeping the current one on `destination`.
  private func step(from source: inout [[Circle]], to destination: inout [[Circle]]) {
    guard adjusting == nil, let state = source.popLast() else { return }
    destination.append(circles)
    (selected, circles) = (nil, state)
  }

  private func record(_ state: [Circle]) {
    undoStack.append(state)
    redoStack.removeAll()
  }
}

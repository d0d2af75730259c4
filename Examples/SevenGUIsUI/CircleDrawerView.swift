#if GTK
import Bindings
import BindingsGTK
import SevenGUIsCore

/// Circle Drawer: click to add a circle, the one under the pointer filled grey, a right-click menu
/// to adjust its diameter in a modal dialog, and undo / redo.
@MainActor
public final class CircleDrawerView: TaskView {
  /// The window title.
  public static let title = "Circle Drawer"
  /// Undo and redo.
  public let undo = Button("Undo"), redo = Button("Redo")
  /// The circles, the selected one filled.
  public let canvas = DrawingArea<([Circle], Int?)>(initial: ([], nil)) { context, state, _ in
    context.paint(.white)
    for (index, circle) in state.0.enumerated() {
      context.circle(center: Point(x: circle.x, y: circle.y), radius: circle.diameter / 2)
      if index == state.1 { context.fillPreserve(.gray) }
      context.stroke(.black, lineWidth: 1)
    }
  }
  /// The canvas's left and right clicks, and the pointer's moves over it.
  public let leftClick = ClickGesture(), rightClick = ClickGesture(button: .secondary), motion = MotionController()
  /// The right-click menu's one entry.
  public let adjustItem = Button("Adjust diameter…")
  /// The right-click menu.
  public let menu: Popover
  /// The task's widget.
  public let root: Widget
  /// The view model.
  public let model: CircleDrawerModel

  /// Binds a view to `model`.
  public init(_ model: CircleDrawerModel = CircleDrawerModel()) {
    self.model = model
    menu = Popover(child: adjustItem)
    canvas.reactive.content <~ model.$circles.combineLatest(model.$selected).map { ($0, $1) }
    undo.reactive.isSensitive <~ model.$canUndo
    redo.reactive.isSensitive <~ model.$canRedo
    undo.reactive.clicked ~> (model, { model, _ in model.undo() })
    redo.reactive.clicked ~> (model, { model, _ in model.redo() })
    for controller in [leftClick, rightClick, motion] as [EventController] { canvas.addController(controller) }
    motion.reactive.moved ~> (model, { model, point in model.hover(x: point.x, y: point.y) })
    leftClick.reactive.pressed ~> (model, { model, click in model.click(x: click.x, y: click.y) })
    let buttons = Box(.horizontal, spacing: 8, [undo, redo]).align(horizontal: .center)
    let frame = Frame(child: canvas.expand(horizontally: true, vertically: true))
    root = Box(.vertical, spacing: 8, [buttons, frame]).margin(12).sizeRequest(width: 480, height: 360)
    rightClick.reactive.pressed.bind(to: menu) { [weak model, weak canvas] menu, click in
      model?.hover(x: click.x, y: click.y)
      if let canvas, model?.selected != nil { menu.popUp(on: canvas, at: (click.x, click.y)) }
    }
    adjustItem.cssClasses = ["flat"]
    adjustItem.reactive.clicked.bind(to: menu) { [weak root, weak model] menu, _ in
      menu.popDown()
      if let root, let model { Self.openDialog(model, over: root) }
    }
    root.keepAlive(model)
  }

  /// Opens the modal dialog with a slider that adjusts the selected circle's diameter at once;
  /// closing it makes the adjustment one undo step.
  @discardableResult
  public static func openDialog(_ model: CircleDrawerModel, over anchor: Widget) -> Window? {
    guard let window = anchor.containingWindow, model.beginAdjusting(), let index = model.adjusting else { return nil }
    let circle = model.circles[index]
    let slider = Scale(range: 4...200, step: 1).expand(horizontally: true)
    slider.adjustment.value = circle.diameter
    slider.reactive.value ~> (model, { model, diameter in model.adjust(diameter: diameter) })
    let label = Label("Adjust diameter of circle at (\(Int(circle.x)), \(Int(circle.y))).").margin(4)
    let dialog = Window(title: "Adjust diameter…")
    dialog.child = Box(.vertical, spacing: 8, [label, slider]).margin(12).sizeRequest(width: 320)
    dialog.reactive.closeRequest ~> (model, { model, _ in model.endAdjusting() })
    dialog.present(over: window)
    return dialog
  }
}
#endif

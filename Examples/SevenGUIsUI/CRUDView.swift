#if GTK
import Bindings
import BindingsGTK
import SevenGUIsCore

/// CRUD: a surname prefix filter, the filtered list, name fields, and Create / Update / Delete.
@MainActor
public final class CRUDView: TaskView {
  /// The window title.
  public static let title = "CRUD"
  /// The surname prefix.
  public let prefix = Entry()
  /// The name and surname fields.
  public let name = Entry(), surname = Entry()
  /// The people whose surname starts with the prefix, as "Surname, Name".
  public let list = ListView<Person>(makeRow: { Label().align(horizontal: .start) }, bindRow: { $0.text = "\($1)" })
  /// The commands.
  public let create = Button("Create"), update = Button("Update"), delete = Button("Delete")
  /// The task's widget.
  public let root: Widget

  /// Binds a view to `model`.
  public init(_ model: CRUDModel = CRUDModel()) {
    prefix.reactive.text <~> model.$prefix
    name.reactive.text <~> model.$name
    surname.reactive.text <~> model.$surname
    list.reactive.items <~ model.visible
    list.reactive.selectedIndex <~> model.$selectedIndex
    create.reactive.isSensitive <~ model.canCreate
    update.reactive.isSensitive <~ model.canUpdateOrDelete
    delete.reactive.isSensitive <~ model.canUpdateOrDelete
    create.reactive.clicked ~> (model, { model, _ in model.create() })
    update.reactive.clicked ~> (model, { model, _ in model.update() })
    delete.reactive.clicked ~> (model, { model, _ in model.delete() })
    let grid = Grid(rowSpacing: 8, columnSpacing: 8)
    grid.attach(Box(.horizontal, spacing: 8, [Label("Filter prefix:"), prefix]), column: 0, row: 0)
    grid.attach(ScrolledWindow(list).expand(horizontally: true, vertically: true), column: 0, row: 1)
    let names = Grid(rows: [[Label("Name:"), name], [Label("Surname:"), surname]], rowSpacing: 8, columnSpacing: 8)
    grid.attach(names.align(vertical: .start), column: 1, row: 1)
    grid.attach(Box(.horizontal, spacing: 8, [create, update, delete]), column: 0, row: 2, width: 2)
    root = grid.margin(12).sizeRequest(width: 520, height: 300)
    root.keepAlive(model)
  }
}
#endif

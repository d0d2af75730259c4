import Bindings
import Testing

// Lists as Bond users bind them: a row factory that receives the list, one adapter for every list
// class (through closures, with no conformance to write), `lift()`, and reused cells.

/// A list class of a toolkit, as it is: it reloads and applies batches, and asks for rows on demand.
private final class TableView: BindingOwner {
  let bindings = BindingBag()
  var rows = ListRows<Cell>(items: [String]()) { _, _ in Cell() }
  private(set) var log: [String] = []
  private(set) var dequeued = 0

  func reloadData() { log.append("reload \(rows.map(\.title))") }
  func performBatchUpdates(_ change: ArrayChangeset) { log.append("\(change) \(rows.map(\.title))") }

  func dequeueReusableCell() -> Cell {
    dequeued += 1
    return Cell()
  }
}

private final class Cell: BindingOwner {
  let bindings = BindingBag()
  var title = ""
}

/// A sectioned list class of a toolkit.
private final class CollectionView: BindingOwner {
  let bindings = BindingBag()
  var sections = SectionedListRows<String, String>([ArraySection<String, String>]()) { item, _ in item }
  private(set) var log: [String] = []

  func reloadData() { log.append("reload \(titles)") }
  func apply(_ change: SectionedArrayChangeset) { log.append("\(change) \(titles)") }
  private var titles: [String] { sections.map { "\($0.metadata): \(Array($0.rows))" } }
}

/// A `ListTarget` whose rows are dequeued from the list itself.
private final class TextList: ListTarget {
  let bindings = BindingBag()
  private(set) var shown: [String] = []
  private(set) var rows: ListRows<String>?
  var prefix = "-"
  func reload(with rows: ListRows<String>) {
    self.rows = rows
    shown = Array(rows)
  }
  func performBatchUpdates(_ change: ArrayChangeset, rows: ListRows<String>) {
    self.rows = rows
    shown = Array(rows)
  }
}

/// A sectioned list with no section metadata, for a lifted array.
private final class Outline: SectionedListTarget {
  let bindings = BindingBag()
  private(set) var log: [String] = []
  func reload(with sections: SectionedListRows<Void, String>) {
    log.append("reload \(sections.map { Array($0.rows) })")
  }
  func performBatchUpdates(_ change: SectionedArrayChangeset, sections: SectionedListRows<Void, String>) {
    log.append("\(change) \(sections.map { Array($0.rows) })")
  }
}

@Suite("Migration: lists", .releasesEveryObject)
struct ListMigrationTests {
  @Test("any list class binds through two closures, with no ListTarget conformance, and rows made from the list")
  func closureAdapter() {
    let names = MutableObservableArray(["Ada"])
    let table = TableView()
    table.reactive.items(
      reloadData: { table, rows in
        table.rows = rows
        table.reloadData()
      },
      performBatchUpdates: { table, change, rows in
        table.rows = rows
        table.performBatchUpdates(change)
      }
    ) { table, name, offset in
      let cell = table.dequeueReusableCell()
      cell.title = "\(offset + 1). \(name)"
      return cell
    } <~ names
    names.append("Grace")
    names.remove(at: 0)
    #expect(
      table.log == ["reload [\"1. Ada\"]", "inserts [1] [\"1. Ada\", \"2. Grace\"]", "deletes [0] [\"1. Grace\"]"])
    #expect(table.dequeued == 4, "a row is made each time the list reads it: 1 + 2 + 1")
  }

  @Test("a list that can only reload reloads on every change")
  func reloadOnly() {
    let names = MutableObservableArray(["Ada"])
    let table = TableView()
    table.reactive.items(reloadData: { table, rows in
      table.rows = rows
      table.reloadData()
    }) { _, name, _ in
      let cell = Cell()
      cell.title = name
      return cell
    } <~ names
    names.append("Grace")
    #expect(table.log == ["reload [\"Ada\"]", "reload [\"Ada\", \"Grace\"]"])
  }

  @Test("the closure adapter and a ListTarget's items are one target: a list follows one array at a time")
  func oneArrayAtATime() {
    let first = MutableObservableArray(["a"])
    let second = MutableObservableArray(["b"])
    let list = TextList()
    list.reactive.items <~ first
    list.reactive.items(reloadData: { list, rows in list.reload(with: rows) }) { _, item, _ in item } <~ second
    #expect(list.bindings.count == 1)
    first.append("a2")
    #expect(list.shown == ["b"])
  }

  @Test("a ListTarget's row factory receives the list, and the rows the list keeps do not keep it alive")
  func rowFactoryReceivesTheList() {
    let names = MutableObservableArray(["Ada", "Grace"])
    weak var weakList: TextList?
    do {
      let list = TextList()
      weakList = list
      list.prefix = "*"
      list.reactive.items { list, name, _ in "\(list.prefix) \(name)" } <~ names
      #expect(list.shown == ["* Ada", "* Grace"])
      list.prefix = "+"
      #expect(list.rows?[1] == "+ Grace", "rows are made from the list when read")
    }
    #expect(weakList == nil)
  }

  @Test("reading a row after its list is gone traps with a message, instead of reaching a freed list")
  func rowAfterListIsGoneTraps() async {
    await #expect(processExitsWith: .failure) {
      final class Table: BindingOwner {
        let bindings = BindingBag()
        var rows: ListRows<String>?
      }
      var table: Table? = Table()
      var kept: ListRows<String>?
      table!.reactive.items(reloadData: { table, rows in kept = rows }) { table, item, _ in "\(item)" }
        <~ Just(
          CollectionEvent(contents: ["a"], change: ArrayChangeset.reset))
      table = nil
      _ = kept?[0]
    }
  }

  @Test("any sectioned list class binds through two closures, with rows made from the list")
  func sectionedClosureAdapter() {
    let groups = MutableObservableSectionedArray([ArraySection("Fruit", items: ["apple"])])
    let collection = CollectionView()
    collection.reactive.sections(
      reloadData: { collection, sections in
        collection.sections = sections
        collection.reloadData()
      },
      performBatchUpdates: { collection, change, sections in
        collection.sections = sections
        collection.apply(change)
      }
    ) { _, item, path in "\(path.item + 1). \(item)" } <~ groups
    groups.appendItem("pear", toSection: 0)
    #expect(
      collection.log == [
        "reload [\"Fruit: [\\\"1. apple\\\"]\"]",
        "items inserts [[0, 1]] [\"Fruit: [\\\"1. apple\\\", \\\"2. pear\\\"]\"]",
      ])
  }

  @Test("lift(): an array as a one-section sectioned array that keeps following it")
  func lift() {
    let names = MutableObservableArray(["Ada"])
    let outline = Outline()
    outline.reactive.sections <~ names.lift()
    names.append("Grace")
    names.move(from: 1, to: 0)
    names[0] = "Grace Hopper"
    names.remove(at: 1)
    #expect(
      outline.log == [
        "reload [[\"Ada\"]]",
        "items inserts [[0, 1]] [[\"Ada\", \"Grace\"]]",
        "items moves [[0, 1]→[0, 0]] [[\"Grace\", \"Ada\"]]",
        "items updates [[0, 0]] [[\"Grace Hopper\", \"Ada\"]]",
        "items deletes [[0, 1]] [[\"Grace Hopper\"]]",
      ])
  }

  @Test("lift(metadata:) names the section; the lifted array's contents follow the array; a replace is a reset")
  func liftWithMetadata() {
    let fruit = MutableObservableArray(["apple"])
    let groups = fruit.lift(metadata: "Fruit")
    fruit.append("pear")
    #expect(groups.contents.map(\.metadata) == ["Fruit"])
    #expect(groups.contents.map(\.items) == [["apple", "pear"]])
    var changes: [SectionedArrayChangeset] = []
    let token = groups.dropFirst().sink { changes.append($0.change) }
    fruit.replace(with: ["fig"])
    #expect(changes == [.reset])
    #expect(groups[ItemPath(section: 0, item: 0)] == "fig")
    token.cancel()
  }

  @Test("a lifted array bound in one expression lives as long as the binding")
  func liftedLifetime() {
    let names = MutableObservableArray(["Ada"])
    var outline: Outline? = Outline()
    weak var weakLifted: ObservableSectionedArray<Void, String>?
    do {
      let lifted = names.lift()
      weakLifted = lifted
      outline!.reactive.sections <~ lifted
    }
    names.append("Grace")
    #expect(outline?.log.last == "items inserts [[0, 1]] [[\"Ada\", \"Grace\"]]")
    #expect(weakLifted != nil)
    outline = nil
    #expect(weakLifted == nil)
  }

  @Test("a reused cell stores every binding in its own bag and ends them all with removeAll()")
  func reusedCell() {
    final class RowViewModel: BindingOwner {
      let bindings = BindingBag()
      @Published var title: String
      private(set) var selections = 0
      init(title: String) { self.title = title }
      func select() { selections += 1 }
    }
    final class ReusableCell: BindingOwner {
      let bindings = BindingBag()
      var title = ""
      let taps = PassthroughSubject<Void, Never>()

      func configure(with viewModel: RowViewModel) {
        (reactive.title <~ viewModel.$title).store(in: bindings)
        (taps ~> (viewModel, { viewModel, _ in viewModel.select() })).store(in: bindings)
      }

      func prepareForReuse() {
        bindings.removeAll()
      }
    }

    let ada = RowViewModel(title: "Ada")
    let grace = RowViewModel(title: "Grace")
    let cell = ReusableCell()
    cell.configure(with: ada)
    cell.taps.send()
    #expect(cell.title == "Ada")
    #expect(ada.selections == 1)

    cell.prepareForReuse()
    cell.configure(with: grace)
    cell.taps.send()
    ada.title = "Ada Lovelace"
    #expect(cell.title == "Grace", "the old view model no longer writes into the cell")
    #expect(ada.selections == 1, "the old view model no longer hears the cell")
    #expect(grace.selections == 1)
  }
}

import Bindings
import Testing

/// The README's and the tour's collection examples, compiled and checked. Each example's `print`
/// is captured so the printed lines can be compared with the comments in the snippet.
@Suite("README examples: collections", .releasesEveryObject)
struct CollectionsReadmeExamplesTests {
  @Test("an edited array prints its change sets")
  func editedArray() {
    var output: [String] = []
    func print(_ value: Any) { output.append("\(value)") }

    let numbers = MutableObservableArray([1, 2, 3])
    let token = numbers.sink { print($0.change) }  // prints "reset"
    numbers.append(4)  // prints "inserts [3]"
    numbers.remove(at: 0)  // prints "deletes [0]"
    numbers.move(from: 0, to: 2)  // prints "moves [0→2]"
    numbers[0] = 30  // prints "updates [0]"
    numbers.batchUpdate { batch in
      batch.append(5)
      batch.remove(at: 0)
    }  // prints "deletes [0], inserts [2]"
    print(numbers.contents)  // prints "[4, 2, 5]"

    #expect(
      output == [
        "reset", "inserts [3]", "deletes [0]", "moves [0→2]", "updates [0]", "deletes [0], inserts [2]", "[4, 2, 5]",
      ]
    )
    token.cancel()
  }

  @Test("a diffed replace prints the difference")
  func diffedReplace() {
    var output: [String] = []
    func print(_ value: Any) { output.append("\(value)") }

    let results = MutableObservableArray([1, 2, 3])
    let token = results.dropFirst().sink { print($0.change) }
    results.replace(with: [0, 1, 3, 4], performDiff: true)  // prints "deletes [1], inserts [0, 3]"

    struct Row: Identifiable, Equatable {
      let id: Int
      var title: String
    }
    let rows = MutableObservableArray([Row(id: 1, title: "Ada"), Row(id: 2, title: "Grace")])
    let rowToken = rows.dropFirst().sink { print($0.change) }
    rows.replace(with: [Row(id: 2, title: "Grace"), Row(id: 1, title: "Ada L.")], identifiedBy: \.id)
    // prints "updates [0], moves [1→0]" (Ada changed in place, Grace moved before her)
    rows.replace(with: [Row(id: 2, title: "Grace H."), Row(id: 1, title: "Ada L.")], identifiedBy: \.id)
    // prints "updates [0]"

    #expect(output == ["deletes [1], inserts [0, 3]", "updates [0], moves [1→0]", "updates [0]"])
    token.cancel()
    rowToken.cancel()
  }

  @Test("an array bound to a list drives it with batch updates")
  func boundToList() {
    var output: [String] = []
    func print(_ value: Any) { output.append("\(value)") }

    final class TextList: ListTarget {
      let bindings = BindingBag()
      var lines: [String] = []
      var log: (String) -> Void = { _ in }

      func reload(with rows: ListRows<String>) {
        lines = Array(rows)
        log("reload \(lines)")
      }

      func performBatchUpdates(_ change: ArrayChangeset, rows: ListRows<String>) {
        try? change.apply(to: &lines, newCount: rows.count) { rows[$0] }
        log("\(change) → \(lines)")
      }
    }

    let names = MutableObservableArray(["Ada", "Grace"])
    let list = TextList()
    list.log = { print($0) }
    list.reactive.items { name, _ in name.uppercased() } <~ names.sorted(by: <)
    // prints "reload ["ADA", "GRACE"]"
    names.append("Alan")  // prints "inserts [1] → ["ADA", "ALAN", "GRACE"]"
    names.remove(at: 0)  // prints "deletes [0] → ["ALAN", "GRACE"]"

    #expect(
      output == [
        "reload [\"ADA\", \"GRACE\"]",
        "inserts [1] → [\"ADA\", \"ALAN\", \"GRACE\"]",
        "deletes [0] → [\"ALAN\", \"GRACE\"]",
      ]
    )
  }

  @Test("a sectioned array prints section offsets and item paths")
  func sectionedArray() {
    var output: [String] = []
    func print(_ value: Any) { output.append("\(value)") }

    let groups = MutableObservableSectionedArray([ArraySection("Fruit", items: ["apple"])])
    let token = groups.dropFirst().sink { print($0.change) }
    groups.appendItem("pear", toSection: 0)  // prints "items inserts [[0, 1]]"
    groups.insertSection(ArraySection("Vegetables", items: ["leek"]), at: 0)  // prints "sections inserts [0]"
    groups.batchUpdate { batch in
      batch.moveItem(from: ItemPath(section: 1, item: 1), to: ItemPath(section: 0, item: 0))
      batch.updateMetadata("Greens", ofSection: 0)
    }  // prints "sections updates [0]; items moves [[1, 1]→[0, 0]]"
    print(groups.contents)  // prints "[Greens: ["pear", "leek"], Fruit: ["apple"]]"

    #expect(
      output == [
        "items inserts [[0, 1]]", "sections inserts [0]", "sections updates [0]; items moves [[1, 1]→[0, 0]]",
        "[Greens: [\"pear\", \"leek\"], Fruit: [\"apple\"]]",
      ]
    )
    token.cancel()
  }

  @Test("a set and a dictionary print the members and keys that changed")
  func setAndDictionary() {
    var output: [String] = []
    func print(_ value: Any) { output.append("\(value)") }

    let tags = MutableObservableSet(["swift"])
    let tagsToken = tags.dropFirst().sink { print($0.change) }
    tags.insert("ios")  // prints "inserted ["ios"]"
    let scores = MutableObservableDictionary(["ada": 1])
    let scoresToken = scores.dropFirst().sink { print($0.change) }
    scores["ada"] = 2  // prints "updated ["ada"]"
    scores["ada"] = nil  // prints "removed ["ada"]"

    #expect(output == ["inserted [\"ios\"]", "updated [\"ada\"]", "removed [\"ada\"]"])
    tagsToken.cancel()
    scoresToken.cancel()
  }
}

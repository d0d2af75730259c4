extension ObservableArray {
  /// This array as a sectioned array of one section, which keeps following it (Bond's `lift()`):
  /// each change of the array arrives as the same change of the items of section 0.
  ///
  /// ```swift
  /// let names = MutableObservableArray(["Ada"])
  /// let sectioned = names.lift()
  /// let token = sectioned.dropFirst().sink { print($0.change) }
  /// names.append("Grace")       // prints "items inserts [[0, 1]]"
  /// print(sectioned.contents)   // prints "[(): ["Ada", "Grace"]]"
  /// ```
  ///
  /// Bind it to a ``SectionedListTarget`` whose sections have no metadata, or use ``lift(metadata:)``
  /// to give the one section its header. The sectioned array keeps this array alive and follows it
  /// while it is held or subscribed.
  public func lift() -> ObservableSectionedArray<Void, Element> {
    lift(metadata: ())
  }

  /// This array as a sectioned array of one section with `metadata`, which keeps following it.
  ///
  /// ```swift
  /// let fruit = MutableObservableArray(["apple"])
  /// let groups = fruit.lift(metadata: "Fruit")
  /// fruit.append("pear")
  /// print(groups.contents)   // prints "[Fruit: ["apple", "pear"]]"
  /// ```
  public func lift<Metadata>(metadata: Metadata) -> ObservableSectionedArray<Metadata, Element> {
    LiftedObservableArray(source: self, metadata: metadata)
  }
}

/// A sectioned array of one section that follows an observable array.
private final class LiftedObservableArray<Metadata, Item>: ObservableSectionedArray<Metadata, Item> {
  /// Keeps the source alive and subscribed for as long as this array lives.
  private var sourceSubscription: AnyCancellable?

  init(source: ObservableArray<Item>, metadata: Metadata) {
    let core = CollectionCore<[ArraySection<Metadata, Item>], SectionedArrayChangeset>(
      contents: [ArraySection(metadata, items: source.contents)],
      resetChange: .reset
    )
    super.init(core: core)
    // The source delivers its events one at a time, in order; the first one replays its contents.
    // The subscription holds the core, not this array, so dropping the array cancels it.
    sourceSubscription = source.sink { event in
      // The items replaced are handed back, to be released after the core's lock.
      let replaced = core.edit { sections in
        let replaced = sections[0].items
        sections[0].items = event.contents
        return (change: Self.sectionedChange(event.change), result: replaced)
      }
      _ = replaced
    }
  }

  /// The change of the items of section 0 that `change` of the array is.
  private static func sectionedChange(_ change: ArrayChangeset) -> SectionedArrayChangeset {
    if change.isReset { return .reset }
    func paths(_ offsets: ArrayChangeset.Offsets) -> [ItemPath] { offsets.map { ItemPath(section: 0, item: $0) } }
    return SectionedArrayChangeset(
      itemDeletes: paths(change.deletes),
      itemInserts: paths(change.inserts),
      itemUpdates: paths(change.updates),
      itemMoves: change.moves.map {
        SectionedArrayChangeset.ItemMove(
          from: ItemPath(section: 0, item: $0.from), to: ItemPath(section: 0, item: $0.to))
      }
    )
  }
}
extension LiftedObservableArray: @unchecked Sendable where Metadata: Sendable, Item: Sendable {}

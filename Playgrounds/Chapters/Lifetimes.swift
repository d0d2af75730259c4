import Bindings

extension Chapter {
  /// Who holds whom, shown with deinitialisers and cancellations rather than told.
  public static let lifetimes = Chapter(
    title: "Lifetimes, shown",
    run: runLifetimes,
    expectedOutput: """

      ▸ The ownership graph
        owner ──▶ BindingBag ──▶ binding ──▶ subscription chain ──▶ source
          ▲                                        │
          └──────────── weak ◀── BindingSink ◀─────┘
        Every arrow is a strong reference except the one back to the owner.

      ▸ The owner goes: its bindings end at once, and the source sees the cancellation
        │ label.reactive.text <~ person.$name.handleEvents(receiveCancel: { print("the source saw a cancel") })
        │ label = nil
        → the label shows "Ada"
        → the label is deallocated
        → the source saw a cancel
        → the weak reference to the label is nil: true
        │ person.name = "Grace"
        ✗ "Grace" was delivered nowhere: no dead owner is ever written to

      ▸ A binding whose source completes leaves the bag
        │ stays.reactive.text <~ greeting
        │ greeting.send("Hello")
        │ greeting.send(completion: .finished)
        → the bag holds 1 binding
        → the long-lived label shows "Hello"
        → the bag holds 0 bindings: a long-lived owner accumulates nothing

      ▸ A reused cell: each new source replaces the last one, per property
        │ for person in people { cell.reactive.text <~ person.$name }
        → the cell shows "Ada"
        → the cell shows "Grace"
        → the cell shows "Alan"
        → the cell holds 1 binding
        │ people[0].name = "stale"
        ✗ the cell did not show "stale": Ada's binding was replaced, not added to
        │ cell.bindings.removeAll()   // or end everything at once, e.g. in prepareForReuse
        │ people[2].name = "Alan Turing"
        ✗ the cell did not show "Alan Turing": it has 0 bindings

      ▸ Values into the owner's own method, without a retain cycle
        │ clicks ~> (counter, { counter, amount in counter.add(amount) })
        │ clicks.send(2); clicks.send(3)
        │ counter = nil
        → the counter is deallocated (total 5)
        The counter owns the binding and the binding holds the counter weakly, so dropping the
        last reference ends both. `clicks ~> counter.add` would not compile: a method reference
        holds its object strongly, and the compiler says so.

      ▸ Introspection: what is bound to an owner
        │ person.$name.bind(to: titled.reactive.text)
        │ for binding in titled.bindings.liveBindings { print(binding.fileID ?? "") }
        → the titled label shows "Grace"
        → bound in TourChapters/Lifetimes.swift
        Each record names its target and, for `bind(to:)`, the file and line that made it;
        `<~`, `~>` and `<~>` cannot see their caller's line, so they say "bound with an operator".
      """
  )
}

private final class LifetimeLabel: BindingOwner {
  let bindings = BindingBag()
  let name: String
  let transcript: Transcript
  var text: String? {
    didSet { transcript.happened("\(name) shows \"\(text ?? "")\"") }
  }

  init(_ name: String, transcript: Transcript) {
    self.name = name
    self.transcript = transcript
  }

  /// Only the labels the chapter drops on purpose report their end, so the transcript never
  /// depends on when the compiler releases the others.
  var reportsDeallocation = false

  deinit { if reportsDeallocation { transcript.happened("\(name) is deallocated") } }
}

private final class Person {
  @Published var name: String
  init(_ name: String) { self.name = name }
}

private final class Counter: BindingOwner {
  let bindings = BindingBag()
  let transcript: Transcript
  private(set) var total = 0

  init(transcript: Transcript) { self.transcript = transcript }

  func add(_ amount: Int) { total += amount }

  deinit { transcript.happened("the counter is deallocated (total \(total))") }
}

@MainActor
private func runLifetimes(_ transcript: Transcript) {
  transcript.step("The ownership graph")
  transcript.line(
    """
      owner ──▶ BindingBag ──▶ binding ──▶ subscription chain ──▶ source
        ▲                                        │
        └──────────── weak ◀── BindingSink ◀─────┘
    """
  )
  transcript.explain("Every arrow is a strong reference except the one back to the owner.")

  transcript.step("The owner goes: its bindings end at once, and the source sees the cancellation")
  let person = Person("Ada")
  var label: LifetimeLabel? = LifetimeLabel("the label", transcript: transcript)
  label?.reportsDeallocation = true
  transcript.code(
    """
    label.reactive.text <~ person.$name.handleEvents(receiveCancel: { print("the source saw a cancel") })
    label = nil
    """
  )
  if let label {
    label.reactive.text <~ person.$name.handleEvents(receiveCancel: { transcript.happened("the source saw a cancel") })
  }
  weak let weakLabel = label
  label = nil
  transcript.happened("the weak reference to the label is nil: \(weakLabel == nil)")
  transcript.code("person.name = \"Grace\"")
  person.name = "Grace"
  transcript.didNotHappen("\"Grace\" was delivered nowhere: no dead owner is ever written to")

  transcript.step("A binding whose source completes leaves the bag")
  let stays = LifetimeLabel("the long-lived label", transcript: transcript)
  let greeting = PassthroughSubject<String, Never>()
  transcript.code(
    """
    stays.reactive.text <~ greeting
    greeting.send("Hello")
    greeting.send(completion: .finished)
    """
  )
  stays.reactive.text <~ greeting
  transcript.happened("the bag holds \(stays.bindings.count) binding")
  greeting.send("Hello")
  greeting.send(completion: .finished)
  transcript.happened("the bag holds \(stays.bindings.count) bindings: a long-lived owner accumulates nothing")

  transcript.step("A reused cell: each new source replaces the last one, per property")
  let cell = LifetimeLabel("the cell", transcript: transcript)
  let people = [Person("Ada"), Person("Grace"), Person("Alan")]
  transcript.code("for person in people { cell.reactive.text <~ person.$name }")
  for person in people { cell.reactive.text <~ person.$name }
  transcript.happened("the cell holds \(cell.bindings.count) binding")
  transcript.code("people[0].name = \"stale\"")
  people[0].name = "stale"
  transcript.didNotHappen("the cell did not show \"stale\": Ada's binding was replaced, not added to")
  transcript.code("cell.bindings.removeAll()   // or end everything at once, e.g. in prepareForReuse")
  cell.bindings.removeAll()
  transcript.code("people[2].name = \"Alan Turing\"")
  people[2].name = "Alan Turing"
  transcript.didNotHappen("the cell did not show \"Alan Turing\": it has \(cell.bindings.count) bindings")

  transcript.step("Values into the owner's own method, without a retain cycle")
  let clicks = PassthroughSubject<Int, Never>()
  var counter: Counter? = Counter(transcript: transcript)
  transcript.code(
    """
    clicks ~> (counter, { counter, amount in counter.add(amount) })
    clicks.send(2); clicks.send(3)
    counter = nil
    """
  )
  if let counter { clicks ~> (counter, { counter, amount in counter.add(amount) }) }
  clicks.send(2)
  clicks.send(3)
  counter = nil
  transcript.explain("The counter owns the binding and the binding holds the counter weakly, so dropping the")
  transcript.explain("last reference ends both. `clicks ~> counter.add` would not compile: a method reference")
  transcript.explain("holds its object strongly, and the compiler says so.")

  transcript.step("Introspection: what is bound to an owner")
  let titled = LifetimeLabel("the titled label", transcript: transcript)
  transcript.code(
    """
    person.$name.bind(to: titled.reactive.text)
    for binding in titled.bindings.liveBindings { print(binding.fileID ?? "") }
    """
  )
  person.$name.bind(to: titled.reactive.text)
  for binding in titled.bindings.liveBindings { transcript.happened("bound in \(binding.fileID ?? "an operator")") }
  transcript.explain("Each record names its target and, for `bind(to:)`, the file and line that made it;")
  transcript.explain("`<~`, `~>` and `<~>` cannot see their caller's line, so they say \"bound with an operator\".")
}

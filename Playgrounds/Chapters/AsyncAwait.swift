import Bindings
import Foundation

extension Chapter {
  /// Publishers and Swift concurrency, `ObservableObject` and notifications: `values`, an async
  /// sequence's `publisher`, a `Future` of async work, `objectWillChange` and `NotificationCenter`.
  public static let asyncAwait = Chapter(
    title: "Async/await, ObservableObject and notifications",
    run: runAsyncAwait,
    expectedOutput: """

      ▸ A publisher is an async sequence: for await over values
        │ for await number in [1, 2, 3].publisher.values { … }
        → received 1
        → received 2
        → received 3
        → the loop ended: the publisher finished
        Each turn of the loop requests one value (.max(1)); nothing is buffered for you.

      ▸ A value sent while nobody awaits is the publisher's to keep or drop
        │ let subject = PassthroughSubject<Int, Never>()
        │ var iterator = subject.values.makeAsyncIterator()   // subscribes now, requests nothing yet
        │ subject.send(1)
        │ subject.send(completion: .finished)
        │ await iterator.next()
        → next() returned nil: the sequence ended with the subject
        ✗ no 1: it was sent while no next() was waiting, and a PassthroughSubject keeps nothing

      ▸ A CurrentValueSubject keeps its latest value for the next await
        │ let volume = CurrentValueSubject<Int, Never>(5)
        │ var iterator = volume.values.makeAsyncIterator()
        │ volume.send(6)
        │ volume.send(7)
        │ await iterator.next()
        → next() returned 7
        ✗ no 5 or 6: the subject keeps only its latest value until someone asks

      ▸ To keep every value, buffer before values
        │ let subject = PassthroughSubject<Int, Never>()
        │ var numbers = subject.buffer(size: 10, prefetch: .keepFull, whenFull: .dropOldest)
        │   .values.makeAsyncIterator()   // subscribes now: the buffer requests 10 at once
        │ subject.send(1)
        │ subject.send(2)
        │ subject.send(completion: .finished)
        │ while let number = await numbers.next() { … }
        → received 1
        → received 2
        → the loop ended after the buffered values: the completion waited behind them

      ▸ An async sequence is a publisher: sequence.publisher, and every operator
        │ let stream = AsyncStream<Int> { continuation in
        │   for number in 1...4 { continuation.yield(number) }
        │   continuation.finish()
        │ }
        │ for await evens in stream.publisher.filter({ $0.isMultiple(of: 2) }).collect().values { … }
        → received [2, 4]
        Each subscription starts a task that iterates the sequence, asking for an element only when
        there is demand; its values arrive from that task, so the chapter awaits them instead of
        reading them straight after subscribing.

      ▸ Async work as a Future: it runs once, whoever waits
        │ let answer = Future { await catalogue.count() }   // starts at once, in a task of its own
        │ await answer.value
        │ await answer.value
        → the first await gives 3
        → the second await gives 3
        → catalogue.count() ran 1 time
        ✗ the work did not run again: a future keeps its one result for every subscriber

      ▸ A throwing async closure fails the future
        │ let search = Future { try await catalogue.search("") }
        │ try await search.value
        → it threw "the query is empty"

      ▸ ObservableObject: objectWillChange sends for every @Published property
        │ final class Settings: ObservableObject {
        │   @Published var volume = 5
        │   @Published var isMuted = false
        │ }
        │ let settings = Settings()
        │ let token = settings.objectWillChange.sink { print("changed, volume \\(settings.volume)") }
        │ settings.volume = 6
        → changed, volume 6
        │ settings.isMuted = true
        → changed, volume 6
        ✗ no value in the event: it only says that something changed; bind settings.$volume for values
        Unlike Combine, the event comes after the new value is stored (Combine sends just before),
        so reading the object inside the sink already sees the change.

      ▸ A publisher can feed a @Published property: assign(to: &$property)
        │ let levels = PassthroughSubject<Int, Never>()
        │ levels.assign(to: &settings.$volume)
        │ levels.send(8)
        → changed, volume 8
        No token to keep: the property owns the subscription and ends it with itself, without a cycle.

      ▸ NotificationCenter: a publisher of the notifications posted under one name
        │ let center = NotificationCenter()
        │ let token = center.publisher(for: .catalogueDidChange).sink { print($0.name.rawValue) }
        │ center.post(name: .catalogueDidChange, object: nil)
        → received catalogueDidChange
        │ center.post(name: .settingsDidChange, object: nil)
        ✗ nothing: only notifications of the name asked for are published
        │ token.cancel()
        │ center.post(name: .catalogueDidChange, object: nil)
        ✗ nothing: cancelling removed the observer from the center
        A notification is delivered at once, on the thread that posts it, when the subscriber has demand.
      """
  )
}

/// An in-memory catalogue whose work is `async`, standing in for a network service.
private actor Catalogue {
  struct EmptyQuery: Error, CustomStringConvertible {
    var description: String { "the query is empty" }
  }

  private let photos = ["harbour", "lighthouse", "harbour at night"]
  private(set) var countCalls = 0

  func count() -> Int {
    countCalls += 1
    return photos.count
  }

  func search(_ query: String) throws -> [String] {
    guard !query.isEmpty else { throw EmptyQuery() }
    return photos.filter { $0.contains(query) }
  }
}

private final class Settings: ObservableObject {
  @Published var volume = 5
  @Published var isMuted = false
}

extension Notification.Name {
  fileprivate static let catalogueDidChange = Notification.Name("catalogueDidChange")
  fileprivate static let settingsDidChange = Notification.Name("settingsDidChange")
}

@MainActor
private func runAsyncAwait(_ transcript: Transcript) async {
  await valuesOfAPublisher(transcript)
  await publisherOfAnAsyncSequence(transcript)
  await futuresOfAsyncWork(transcript)
  observableObjects(transcript)
  notifications(transcript)
}

@MainActor
private func valuesOfAPublisher(_ transcript: Transcript) async {
  transcript.step("A publisher is an async sequence: for await over values")
  transcript.code("for await number in [1, 2, 3].publisher.values { … }")
  for await number in [1, 2, 3].publisher.values {
    transcript.happened("received \(number)")
  }
  transcript.happened("the loop ended: the publisher finished")
  transcript.explain("Each turn of the loop requests one value (.max(1)); nothing is buffered for you.")

  transcript.step("A value sent while nobody awaits is the publisher's to keep or drop")
  transcript.code(
    """
    let subject = PassthroughSubject<Int, Never>()
    var iterator = subject.values.makeAsyncIterator()   // subscribes now, requests nothing yet
    subject.send(1)
    subject.send(completion: .finished)
    await iterator.next()
    """
  )
  let subject = PassthroughSubject<Int, Never>()
  var iterator = subject.values.makeAsyncIterator()
  subject.send(1)
  subject.send(completion: .finished)
  if let number = await iterator.next() {
    transcript.happened("next() returned \(number)")
  } else {
    transcript.happened("next() returned nil: the sequence ended with the subject")
  }
  transcript.didNotHappen("no 1: it was sent while no next() was waiting, and a PassthroughSubject keeps nothing")

  transcript.step("A CurrentValueSubject keeps its latest value for the next await")
  transcript.code(
    """
    let volume = CurrentValueSubject<Int, Never>(5)
    var iterator = volume.values.makeAsyncIterator()
    volume.send(6)
    volume.send(7)
    await iterator.next()
    """
  )
  let volume = CurrentValueSubject<Int, Never>(5)
  var volumes = volume.values.makeAsyncIterator()
  volume.send(6)
  volume.send(7)
  transcript.happened("next() returned \(await volumes.next().map(String.init) ?? "nil")")
  transcript.didNotHappen("no 5 or 6: the subject keeps only its latest value until someone asks")

  transcript.step("To keep every value, buffer before values")
  transcript.code(
    """
    let subject = PassthroughSubject<Int, Never>()
    var numbers = subject.buffer(size: 10, prefetch: .keepFull, whenFull: .dropOldest)
      .values.makeAsyncIterator()   // subscribes now: the buffer requests 10 at once
    subject.send(1)
    subject.send(2)
    subject.send(completion: .finished)
    while let number = await numbers.next() { … }
    """
  )
  let source = PassthroughSubject<Int, Never>()
  var numbers = source.buffer(size: 10, prefetch: .keepFull, whenFull: .dropOldest)
    .values.makeAsyncIterator()
  source.send(1)
  source.send(2)
  source.send(completion: .finished)
  while let number = await numbers.next() {
    transcript.happened("received \(number)")
  }
  transcript.happened("the loop ended after the buffered values: the completion waited behind them")
}

@MainActor
private func publisherOfAnAsyncSequence(_ transcript: Transcript) async {
  transcript.step("An async sequence is a publisher: sequence.publisher, and every operator")
  transcript.code(
    """
    let stream = AsyncStream<Int> { continuation in
      for number in 1...4 { continuation.yield(number) }
      continuation.finish()
    }
    for await evens in stream.publisher.filter({ $0.isMultiple(of: 2) }).collect().values { … }
    """
  )
  let stream = AsyncStream<Int> { continuation in
    for number in 1...4 { continuation.yield(number) }
    continuation.finish()
  }
  for await evens in stream.publisher.filter({ $0.isMultiple(of: 2) }).collect().values {
    transcript.happened("received \(evens)")
  }
  transcript.explain("Each subscription starts a task that iterates the sequence, asking for an element only when")
  transcript.explain("there is demand; its values arrive from that task, so the chapter awaits them instead of")
  transcript.explain("reading them straight after subscribing.")
}

@MainActor
private func futuresOfAsyncWork(_ transcript: Transcript) async {
  let catalogue = Catalogue()

  transcript.step("Async work as a Future: it runs once, whoever waits")
  transcript.code(
    """
    let answer = Future { await catalogue.count() }   // starts at once, in a task of its own
    await answer.value
    await answer.value
    """
  )
  let answer = Future { await catalogue.count() }
  transcript.happened("the first await gives \(await answer.value)")
  transcript.happened("the second await gives \(await answer.value)")
  transcript.happened("catalogue.count() ran \(await catalogue.countCalls) time")
  transcript.didNotHappen("the work did not run again: a future keeps its one result for every subscriber")

  transcript.step("A throwing async closure fails the future")
  transcript.code(
    """
    let search = Future { try await catalogue.search("") }
    try await search.value
    """
  )
  let search = Future { try await catalogue.search("") }
  do {
    let found = try await search.value
    transcript.happened("it found \(found)")
  } catch {
    transcript.happened("it threw \"\(error)\"")
  }
}

@MainActor
private func observableObjects(_ transcript: Transcript) {
  let settings = Settings()

  transcript.step("ObservableObject: objectWillChange sends for every @Published property")
  transcript.code(
    """
    final class Settings: ObservableObject {
      @Published var volume = 5
      @Published var isMuted = false
    }
    let settings = Settings()
    let token = settings.objectWillChange.sink { print("changed, volume \\(settings.volume)") }
    settings.volume = 6
    """
  )
  let token = settings.objectWillChange.sink { transcript.happened("changed, volume \(settings.volume)") }
  settings.volume = 6
  transcript.code("settings.isMuted = true")
  settings.isMuted = true
  transcript.didNotHappen(
    "no value in the event: it only says that something changed; bind settings.$volume for values")
  transcript.explain("Unlike Combine, the event comes after the new value is stored (Combine sends just before),")
  transcript.explain("so reading the object inside the sink already sees the change.")

  transcript.step("A publisher can feed a @Published property: assign(to: &$property)")
  transcript.code(
    """
    let levels = PassthroughSubject<Int, Never>()
    levels.assign(to: &settings.$volume)
    levels.send(8)
    """
  )
  let levels = PassthroughSubject<Int, Never>()
  levels.assign(to: &settings.$volume)
  levels.send(8)
  transcript.explain("No token to keep: the property owns the subscription and ends it with itself, without a cycle.")
  token.cancel()
}

@MainActor
private func notifications(_ transcript: Transcript) {
  let center = NotificationCenter()

  transcript.step("NotificationCenter: a publisher of the notifications posted under one name")
  transcript.code(
    """
    let center = NotificationCenter()
    let token = center.publisher(for: .catalogueDidChange).sink { print($0.name.rawValue) }
    center.post(name: .catalogueDidChange, object: nil)
    """
  )
  let token = center.publisher(for: .catalogueDidChange).sink { transcript.happened("received \($0.name.rawValue)") }
  center.post(name: .catalogueDidChange, object: nil)
  transcript.code("center.post(name: .settingsDidChange, object: nil)")
  center.post(name: .settingsDidChange, object: nil)
  transcript.didNotHappen("nothing: only notifications of the name asked for are published")
  transcript.code(
    """
    token.cancel()
    center.post(name: .catalogueDidChange, object: nil)
    """
  )
  token.cancel()
  center.post(name: .catalogueDidChange, object: nil)
  transcript.didNotHappen("nothing: cancelling removed the observer from the center")
  transcript.explain(
    "A notification is delivered at once, on the thread that posts it, when the subscriber has demand.")
}

import BindingsTesting
import Foundation
import Observation
import Testing

@testable import Bindings

// The examples of the README's "Interop" section, compiled and checked here.

@Observable
private final class ProfileModel {
  var name = "Ada"
}

private final class NameLabel: BindingOwner {
  let bindings = BindingBag()
  var text: String?
}

@Observable
private final class Editor: BindingOwner {
  @ObservationIgnored let bindings = BindingBag()
  var title = ""
}

// no-leak-accounting: the README's ObservableObject example uses `objectWillChange`, whose registry keeps a
// freed object's publisher and its forwarding subscriptions until its next sweep (see ObservableObjectTests), so
// they are still counted at the test's end by design.
@Suite("README: Interop examples")
struct InteropReadmeExamplesTests {
  @Test("an @Observable property drives a label, and a binding writes an @Observable property")
  func observation() {
    let scheduler = TestScheduler()  // in an app: model.observe(\.name), read again on the main queue
    let model = ProfileModel()
    let label = NameLabel()
    label.reactive.text <~ model.observe(\.name, on: scheduler)
    #expect(label.text == "Ada")
    model.name = "Grace"
    scheduler.advance()
    #expect(label.text == "Grace")

    let editor = Editor()
    let titles = PassthroughSubject<String, Never>()
    editor.reactive.title <~ titles  // Observation sees the write
    titles.send("Draft")
    #expect(editor.title == "Draft")
  }

  @Test("publishers as async sequences, async sequences as publishers, async futures")
  func concurrency() async throws {
    var seen: [Int] = []
    for await value in [1, 2, 3].publisher.values { seen.append(value) }
    #expect(seen == [1, 2, 3])

    let answer = Future { 6 * 7 }
    #expect(await answer.value == 42)

    let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
    continuation.yield(1)
    continuation.finish()
    var fromStream: [Int] = []
    for await value in stream.publisher.values { fromStream.append(value) }
    #expect(fromStream == [1])
  }

  @Test("notifications and timers")
  func foundation() {
    final class Screen: BindingOwner {
      let bindings = BindingBag()
      var refreshes = 0
    }
    let center = NotificationCenter()
    let name = Notification.Name("ProfileDidChange")
    let screen = Screen()
    center.reactive.notification(name) ~> (screen, { screen, _ in screen.refreshes += 1 })
    center.post(name: name, object: nil)
    #expect(screen.refreshes == 1)

    var ticks = 0
    let timer = Timer.publish(every: 0.001, on: .current, in: .default).autoconnect().sink { _ in ticks += 1 }
    while ticks < 2 { _ = RunLoop.current.run(mode: .default, before: Date(timeIntervalSinceNow: 0.1)) }
    timer.cancel()
  }

  @Test("ObservableObject, assign(to: &$property) and AnyScheduler")
  func combineSurface() {
    final class Settings: ObservableObject {
      @Published var volume = 5
      init(volumes: PassthroughSubject<Int, Never>) { volumes.assign(to: &$volume) }
    }
    let volumes = PassthroughSubject<Int, Never>()
    let settings = Settings(volumes: volumes)
    var changes = 0
    let token = settings.objectWillChange.sink { changes += 1 }
    volumes.send(7)
    #expect(settings.volume == 7)
    #expect(changes == 1)
    token.cancel()

    let scheduler: AnySchedulerOf<DispatchQueue> = .main  // or DispatchQueue(label: "work").eraseToAnyScheduler()
    _ = scheduler
  }
}

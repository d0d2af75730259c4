import Bindings
import BindingsTesting
import Foundation
import Testing

// The README's examples of the stack, schedulers and testing tools, as they appear there.

extension MainThreadSerialized {
  @Suite("README examples: stack, schedulers and testing", .releasesEveryObject)
  struct ReadmeStackExamplesTests {
    @Test("The stack: a current-value subject and a sink")
    func stack() {
      var printed: [String] = []
      func print(_ items: Any...) { printed.append(items.map { "\($0)" }.joined(separator: " ")) }

      let name = CurrentValueSubject<String, Never>("Ada")
      let token = name.sink { print("name:", $0) }  // prints "name: Ada"
      name.value = "Grace"  // prints "name: Grace"
      token.cancel()

      #expect(printed == ["name: Ada", "name: Grace"])
    }

    @Test("Schedulers: receive(on:) into a binding, and a debounced query")
    @MainActor
    func schedulers() {
      final class Label: BindingOwner {
        let bindings = BindingBag()
        var text: String?
      }
      final class ViewModel {
        @Published var name = "Ada"
      }
      let label = Label()
      let viewModel = ViewModel()
      let query = PassthroughSubject<String, Never>()
      var searched: [String] = []
      func search(_ text: String) { searched.append(text) }

      label.reactive.text <~ viewModel.$name.receive(on: MainThreadScheduler.shared)
      let token = query.debounce(for: .milliseconds(300), scheduler: DispatchQueue.main).sink { search($0) }

      #expect(label.text == "Ada")  // bound on the main thread: delivered at once
      token.cancel()
    }

    @Test("RecordingSubscriber: a whole history in one comparison")
    func recording() {
      let recorder = RecordingSubscriber<Int, Never>()
      [1, 2].publisher.subscribe(recorder)
      #expect(recorder.events == [.subscription, .value(1), .value(2), .completion(.finished)])
    }
  }
}

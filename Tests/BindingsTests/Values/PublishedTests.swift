import BindingsTesting
import Testing

@testable import Bindings

private final class Profile {
  @Published var name = "Ada"
  @Published var age = 36
}

@Suite("Published", .releasesEveryObject)
struct PublishedTests {
  @Test("the projected publisher replays the current value, then every change")
  func replays() {
    let profile = Profile()
    let recorder = RecordingSubscriber<String, Never>()
    profile.$name.subscribe(recorder)
    profile.name = "Grace"
    #expect(recorder.events == [.subscription, .value("Ada"), .value("Grace")])
    recorder.cancel()
  }

  @Test("reading the property gives the latest value, also through the publisher")
  func read() {
    let profile = Profile()
    profile.age = 37
    #expect(profile.age == 37)
    #expect(profile.$age.value == 37)
  }

  @Test("each property has its own storage")
  func separateStorage() {
    let first = Profile()
    let second = Profile()
    first.name = "Grace"
    #expect(second.name == "Ada")
  }

  @Test("the projected publisher is a binding target for its property")
  func target() {
    let profile = Profile()
    let edits = PassthroughSubject<String, Never>()
    profile.$name <~ edits
    edits.send("Alan")
    #expect(profile.name == "Alan")
  }

  @Test("the publisher's subscriptions end when the object holding the property is gone")
  func lifecycle() {
    let recorder = RecordingSubscriber<String, Never>()
    weak var weakProfile: Profile?
    do {
      let profile = Profile()
      weakProfile = profile
      profile.$name.subscribe(recorder)
    }
    #expect(weakProfile == nil)
    recorder.cancel()
    #expect(recorder.values == ["Ada"])
  }
}

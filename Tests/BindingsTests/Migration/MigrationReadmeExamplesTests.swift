import Bindings
import Testing

// The migration examples of the README and of the DocC article "Migrating from RxSwift,
// ReactiveSwift, Bond and thoughtbot's Bindings", as they appear there.

private final class NameLabel: BindingOwner {
  let bindings = BindingBag()
  var text: String?
}

/// README: thoughtbot's view model, with `fullName` in one line.
private final class PersonViewModel {
  @Published var firstName = "Ada"
  @Published var lastName = "Lovelace"
  lazy var fullName = Property.combineLatest($firstName, $lastName) { "\($0) \($1)" }
}

/// The article's thoughtbot section.
private final class ViewModel: BindingOwner {
  let bindings = BindingBag()
  @Published var firstName = "Ada"
  @Published var lastName = "Lovelace"
  lazy var fullName = Property.combineLatest($firstName, $lastName) { "\($0) \($1)" }
  private(set) var nickname: String?
  func setNickname(_ nickname: String?) { self.nickname = nickname }
}

extension Reactive where Base: ViewModel {
  fileprivate var setNickname: BindingSink<Base, String?> {
    BindingSink(owner: base) { viewModel, nickname in viewModel.setNickname(nickname) }
  }
}

private final class TextField: BindingOwner {
  let bindings = BindingBag()
  @Published var text = ""
}

/// The article's own view as a binding target.
private final class TargetLabel: BindingOwner, BindingTargetConvertible {
  let bindings = BindingBag()
  var text: String?
  var bindingTarget: BindingTarget<TargetLabel, String?> { reactive.text }
}

/// The article's `LineReader`: reads lines and reports its end.
private final class LineReader {
  private(set) var isClosed = false
  var onEnd: (() -> Void)?
  private let lines: [String]
  private let onLine: (String) -> Void

  init(path: String, onLine: @escaping (String) -> Void) {
    lines = ["first line of \(path)", "second line"]
    self.onLine = onLine
  }

  func start() {
    for line in lines { onLine(line) }
    onEnd?()
  }

  func close() { isClosed = true }
}

@Suite("Migration: README and article examples", .releasesEveryObject)
struct MigrationReadmeExamplesTests {
  @Test("README: thoughtbot's fullName in one line")
  func readmeFullName() {
    let nameLabel = NameLabel()
    let viewModel = PersonViewModel()
    nameLabel.reactive.text <~ viewModel.fullName  // nameLabel.text == "Ada Lovelace"
    #expect(nameLabel.text == "Ada Lovelace")
    viewModel.lastName = "Byron"  // nameLabel.text == "Ada Byron"
    #expect(nameLabel.text == "Ada Byron")
  }

  @Test("article: a BindingSink member with both operators, and fullName")
  func articleThoughtbot() {
    let viewModel = ViewModel()
    let nameLabel = NameLabel()
    let nicknameField = TextField()
    nameLabel.reactive.text <~ viewModel.fullName
    nicknameField.$text ~> viewModel.reactive.setNickname
    #expect(nameLabel.text == "Ada Lovelace")
    nicknameField.text = "Countess"
    #expect(viewModel.nickname == "Countess")

    let other = TextField()
    other.text = "Enchantress"
    viewModel.reactive.setNickname <~ other.$text
    #expect(viewModel.nickname == "Enchantress")
    _ = nicknameField.$text.sink { _ in }
  }

  @Test("article: your own view as a binding target")
  func articleOwnView() {
    let nameLabel = TargetLabel()
    let viewModel = ViewModel()
    let profile = ProfileModel()
    profile.$name.bind(to: nameLabel)
    #expect(nameLabel.text == "Ada")
    nameLabel <~ viewModel.fullName
    #expect(nameLabel.text == "Ada Lovelace")
    #expect(nameLabel.bindings.count == 1, "one source at a time: the label's text target")
  }

  @Test("article: a publisher made from a closure")
  func articleProducer() {
    let path = "notes.txt"
    var readers: [LineReader] = []
    let lines = AnyPublisher<String, Never>.producer { subscriber in
      let reader = LineReader(path: path) { line in subscriber.send(line) }
      reader.onEnd = { subscriber.send(completion: .finished) }
      readers.append(reader)
      reader.start()
      return { reader.close() }  // or return AnyCancellable { reader.close() }
    }
    var received: [String] = []
    let token = lines.sink { received.append($0) }
    #expect(received == ["first line of notes.txt", "second line"])
    #expect(readers.map(\.isClosed) == [true])
    token.cancel()
  }
}

private final class ProfileModel {
  @Published var name = "Ada"
}

import Bindings
import Testing

// Every spelling of a binding target works with `<~` and with `~>`, and every binding made either
// way ends with the target's owner: thoughtbot's `BindingSink` extensions, ReactiveSwift's
// `BindingTarget`, key paths, endpoints, values, owner closures and subjects.

private final class ProfileViewModel: BindingOwner {
  let bindings = BindingBag()
  @Published var title: String? = nil
  private(set) var names: [String?] = []
  func setName(_ name: String?) { names.append(name) }
}

extension Reactive where Base: ProfileViewModel {
  /// thoughtbot's README writes reactive members as `BindingSink`s.
  fileprivate var setName: BindingSink<Base, String?> {
    BindingSink(owner: base) { viewModel, name in viewModel.setName(name) }
  }

  /// ReactiveSwift's shape: a `BindingTarget`.
  fileprivate var rename: BindingTarget<Base, String?> {
    BindingTarget(base) { viewModel, name in viewModel.setName(name) }
  }

  /// An endpoint: a target that also publishes its changes.
  fileprivate var titleEndpoint: BindingEndpoint<Base, String?> {
    BindingEndpoint(target: self[dynamicMember: \.title], changes: base.$title)
  }
}

/// A view that is a binding target itself: `label <~ source`, `source.bind(to: label)`.
private final class TitleLabel: BindingOwner, BindingTargetConvertible {
  let bindings = BindingBag()
  var text: String?
  var bindingTarget: BindingTarget<TitleLabel, String?> { reactive.text }
}

/// A source that counts its subscriptions and cancels, as the user would see them.
private final class WatchedSource {
  let subject = PassthroughSubject<String, Never>()
  private(set) var cancels = 0
  private(set) var subscriptions = 0

  var publisher: some Publisher<String, Never> {
    subject.handleEvents(
      receiveSubscription: { [unowned self] _ in subscriptions += 1 },
      receiveCancel: {
        [unowned self] in cancels += 1
      })
  }
}

/// Binds a source with `<~` into a target of a fresh owner and checks that it writes (`read` reads
/// what was written last) and that dropping the owner cancels the source at once; then the same with
/// `~>`.
private func expectBothOperators<Owner: AnyObject>(
  makeOwner: () -> Owner,
  read: (Owner) -> String?,
  bindLeft: @escaping (Owner, WatchedSource) -> Void,
  bindRight: @escaping (Owner, WatchedSource) -> Void,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  for (operatorName, bind) in [("<~", bindLeft), ("~>", bindRight)] {
    let source = WatchedSource()
    weak var weakOwner: Owner?
    do {
      let owner = makeOwner()
      weakOwner = owner
      bind(owner, source)
      source.subject.send("through \(operatorName)")
      #expect(read(owner) == "through \(operatorName)", sourceLocation: sourceLocation)
      #expect(source.cancels == 0, sourceLocation: sourceLocation)
    }
    #expect(weakOwner == nil, "a binding never keeps its owner alive", sourceLocation: sourceLocation)
    #expect(source.subscriptions == 1, sourceLocation: sourceLocation)
    #expect(source.cancels == 1, "the \(operatorName) binding ends with its owner", sourceLocation: sourceLocation)
  }
}

@Suite("Migration: every target spelling with both operators", .releasesEveryObject)
struct TargetSpellingMigrationTests {
  @Test("thoughtbot's BindingSink extension: source ~> viewModel.reactive.setName, and <~")
  func bindingSinkExtension() {
    expectBothOperators(
      makeOwner: ProfileViewModel.init,
      read: { $0.names.last ?? nil },
      bindLeft: { viewModel, source in viewModel.reactive.setName <~ source.publisher },
      bindRight: { viewModel, source in source.publisher ~> viewModel.reactive.setName }
    )
  }

  @Test("a BindingSink with a scheduler delivers through it with both operators")
  func bindingSinkWithScheduler() {
    let viewModel = ProfileViewModel()
    let scheduler = ImmediateScheduler.shared
    let sink = BindingSink(owner: viewModel, scheduler: scheduler) { viewModel, name in viewModel.setName(name) }
    let names = PassthroughSubject<String?, Never>()
    names ~> sink
    names.send("Ada")
    #expect(viewModel.names == ["Ada"])
    sink <~ names
    names.send("Grace")
    #expect(viewModel.names == ["Ada", "Grace", "Grace"])
  }

  @Test("a BindingSink target and bind(to:) record the binding in the owner's bag")
  func bindingSinkIsRecorded() {
    let viewModel = ProfileViewModel()
    let names = PassthroughSubject<String, Never>()
    names.bind(to: viewModel.reactive.setName)
    #expect(viewModel.bindings.count == 1)
    #expect(viewModel.bindings.liveBindings.map(\.target) == ["ProfileViewModel sink"])
  }

  @Test("a BindingSink is an action with no identity: a second <~ into it adds a binding; a property's replaces")
  func bindingSinkHasNoIdentity() {
    let viewModel = ProfileViewModel()
    let first = PassthroughSubject<String, Never>()
    let second = PassthroughSubject<String, Never>()
    viewModel.reactive.setName <~ first
    viewModel.reactive.setName <~ second
    first.send("a")
    second.send("b")
    #expect(viewModel.names == ["a", "b"], "both bindings into the sink deliver")
    #expect(viewModel.bindings.count == 2)
    viewModel.reactive.title <~ first
    viewModel.reactive.title <~ second
    first.send("c")
    #expect(viewModel.title == nil, "the key-path target kept only its second source")
    second.send("d")
    #expect(viewModel.title == "d")
  }

  @Test("a BindingSink whose owner is gone binds nothing")
  func bindingSinkOwnerGone() {
    var viewModel: ProfileViewModel? = ProfileViewModel()
    let sink = viewModel!.reactive.setName
    viewModel = nil
    let source = WatchedSource()
    let token = source.publisher ~> sink
    #expect(source.subscriptions == 0)
    token.cancel()
  }

  @Test("a hand-written BindingTarget, as in ReactiveSwift")
  func bindingTargetExtension() {
    expectBothOperators(
      makeOwner: ProfileViewModel.init,
      read: { $0.names.last ?? nil },
      bindLeft: { viewModel, source in viewModel.reactive.rename <~ source.publisher },
      bindRight: { viewModel, source in source.publisher ~> viewModel.reactive.rename }
    )
  }

  @Test("a key-path target")
  func keyPathTarget() {
    expectBothOperators(
      makeOwner: RecordingLabel.init,
      read: \.text,
      bindLeft: { label, source in label.reactive.text <~ source.publisher },
      bindRight: { label, source in source.publisher ~> label.reactive.recordedTitle }
    )
  }

  @Test("an endpoint")
  func endpoint() {
    expectBothOperators(
      makeOwner: ProfileViewModel.init,
      read: \.title,
      bindLeft: { viewModel, source in viewModel.reactive.titleEndpoint <~ source.publisher },
      bindRight: { viewModel, source in source.publisher ~> viewModel.reactive.titleEndpoint }
    )
  }

  @Test("a MutableProperty, and a @Published property's $name")
  func values() {
    expectBothOperators(
      makeOwner: { MutableProperty<String?>(nil) },
      read: \.value,
      bindLeft: { property, source in property <~ source.publisher },
      bindRight: { property, source in source.publisher ~> property }
    )
    expectBothOperators(
      makeOwner: ProfileViewModel.init,
      read: \.title,
      bindLeft: { viewModel, source in viewModel.$title <~ source.publisher },
      bindRight: { viewModel, source in source.publisher ~> viewModel.$title }
    )
  }

  @Test("a view that is a default binding target: label <~ source, source ~> label, bind(to: label)")
  func defaultTarget() {
    expectBothOperators(
      makeOwner: TitleLabel.init,
      read: \.text,
      bindLeft: { label, source in label <~ source.publisher },
      bindRight: { label, source in source.publisher ~> label }
    )
    let label = TitleLabel()
    Just("Ada").bind(to: label)
    #expect(label.text == "Ada")
  }

  @Test("an owner and a closure: (owner, { … }) <~ source, as well as source ~> (owner, { … })")
  func ownerClosure() {
    expectBothOperators(
      makeOwner: ProfileViewModel.init,
      read: { $0.names.last ?? nil },
      bindLeft: { viewModel, source in
        (viewModel, { viewModel, name in viewModel.setName(name) }) <~ source.publisher
      },
      bindRight: { viewModel, source in
        source.publisher ~> (viewModel, { viewModel, name in viewModel.setName(name) })
      }
    )
  }

  @Test("a subject: subject <~ source, as well as source ~> subject, both ending with the subject")
  func subject() {
    expectBothOperators(
      makeOwner: { RecordedSubject() },
      read: { $0.values.last ?? nil },
      bindLeft: { recorded, source in recorded.subject <~ source.publisher },
      bindRight: { recorded, source in source.publisher ~> recorded.subject }
    )
  }
}

/// A label with two key-path targets that write the same text.
private final class RecordingLabel: BindingOwner {
  let bindings = BindingBag()
  var text: String?
  var recordedTitle: String? {
    get { text }
    set { text = newValue }
  }
}

/// A subject whose values are recorded; the subject is the owner of what is bound into it.
private final class RecordedSubject {
  let subject = PassthroughSubject<String, Never>()
  private(set) var values: [String?] = []
  private var token: AnyCancellable?

  init() {
    token = subject.sink { [unowned self] in values.append($0) }
  }
}

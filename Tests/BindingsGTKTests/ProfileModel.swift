#if GTK
import Bindings
import CGTK
import Foundation
import XCTest

@_exported import GTKTestSupport

@testable import BindingsGTK

/// A view model as an application would write it: plain Swift, `@Published` properties.
final class ProfileModel: BindingOwner, @unchecked Sendable {
  let bindings = BindingBag()
  @Published var name = "Ada"
  @Published var isAdmin = false
  @Published var volume = 0.5
  @Published var progress = 0.0
  @Published var sizeIndex: Int? = 0
  var submitted = 0
  var renamed: [String] = []

  func submit() { submitted += 1 }
}

extension Reactive where Base: ProfileModel {
  var submit: BindingTarget<Base, Void> {
    BindingTarget(base) { model, _ in model.submit() }
  }

  var rename: BindingTarget<Base, String> {
    BindingTarget(base) { model, name in model.renamed.append(name) }
  }
}
#endif

/// The error the tests send through failing publishers.
enum TestError: Error, Equatable, Sendable {
  case oops
  case other
}

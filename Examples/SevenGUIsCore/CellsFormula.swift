/// The parsed text of a cell (rules 1 and 2 of ``CellsModel``).
indirect enum Formula {
  case number(Double)
  case text(String)
  case invalid(String)
  case reference(CellAddress)
  case range(CellAddress, CellAddress)
  case negate(Formula)
  case binary(Character, Formula, Formula)
  case call(String, [Formula])

  /// The formula of a cell's text: `nil` when empty, a number, a formula after "=", or text.
  init?(cellText text: String) {
    if text.isEmpty { return nil }
    if text.first != "=" {
      self = Double(text).map(Formula.number) ?? .text(text)
    } else {
      do {
        var parser = try FormulaParser(text.dropFirst())
        self = try parser.formula()
      } catch {
        self = .invalid((error as? FormulaError)?.code ?? "#PARSE")
      }
    }
  }

  /// The cells this formula reads.
  var references: Set<CellAddress> {
    switch self {
    case .number, .text, .invalid: []
    case .reference(let cell): [cell]
    case .range(let from, let to): Set(Self.cells(from, to))
    case .negate(let operand): operand.references
    case .binary(_, let left, let right): left.references.union(right.references)
    case .call(_, let arguments): arguments.reduce(into: []) { $0.formUnion($1.references) }
    }
  }

  /// The cells of the rectangle between two corners, row by row.
  static func cells(_ from: CellAddress, _ to: CellAddress) -> [CellAddress] {
    let columns = min(from.column, to.column)...max(from.column, to.column)
    return (min(from.row, to.row)...max(from.row, to.row)).flatMap { row in
      columns.map { CellAddress(column: $0, row: row)! }
    }
  }

  /// The value of the formula, reading other cells with `cell`.
  func value(reading cell: (CellAddress) -> CellValue) -> CellValue {
    switch self {
    case .text(let text): return .text(text)
    case .invalid(let code): return .error(code)
    default:
      do { return .number(try evaluate(cell)) } catch { return .error((error as? FormulaError)?.code ?? "#VALUE") }
    }
  }

  private func evaluate(_ cell: (CellAddress) -> CellValue) throws -> Double {
    func number(_ address: CellAddress) throws -> Double {
      switch cell(address) {
      case .empty: return 0
      case .number(let value): return value
      case .text: throw FormulaError(code: "#VALUE")
      case .error(let code): throw FormulaError(code: code)
      }
    }
    switch self {
    case .number(let value): return value
    case .reference(let address): return try number(address)
    case .negate(let operand): return -(try operand.evaluate(cell))
    case .binary(let operation, let left, let right):
      let (x, y) = (try left.evaluate(cell), try right.evaluate(cell))
      switch operation {
      case "+": return x + y
      case "-": return x - y
      case "*": return x * y
      default: if y == 0 { throw FormulaError(code: "#DIV/0") } else { return x / y }
      }
    case .call(let name, let arguments):
      let xs = try arguments.flatMap { argument in
        if case .range(let from, let to) = argument {
          try Self.cells(from, to).map(number)
        } else {
          [try argument.evaluate(cell)]
        }
      }
      switch name {
      case "SUM": return xs.reduce(0, +)
      case "PROD": return xs.reduce(1, *)
      case "COUNT": return Double(xs.count)
      case "AVG" where !xs.isEmpty: return xs.reduce(0, +) / Double(xs.count)
      case "MIN" where !xs.isEmpty: return xs.min()!
      case "MAX" where !xs.isEmpty: return xs.max()!
      case "AVG", "MIN", "MAX": throw FormulaError(code: "#VALUE")
      default: throw FormulaError(code: "#NAME")
      }
    default: throw FormulaError(code: "#VALUE")
    }
  }
}

/// Why a formula has no value: the code its cell shows.
struct FormulaError: Error {
  let code: String
}

/// A recursive-descent parser of formulas; at most 256 operands, so its recursion is bounded.
struct FormulaParser {
  private enum Token: Equatable {
    case number(Double)
    case name(String)
    case symbol(Character)
  }
  private var tokens: [Token] = []
  private var position = 0
  private var budget = 256

  /// Splits `text` into tokens; throws on a character no formula has.
  init(_ text: Substring) throws {
    var rest = text[...]
    while let first = rest.first {
      if first.isWhitespace {
        rest = rest.dropFirst()
      } else if first.isNumber || first == "." {
        let digits = rest.prefix { $0.isNumber || $0 == "." }
        guard let value = Double(digits) else { throw FormulaError(code: "#PARSE") }
        tokens.append(.number(value))
        rest = rest.dropFirst(digits.count)
      } else if first.isLetter {
        let name = rest.prefix { $0.isLetter || $0.isNumber }
        tokens.append(.name(name.uppercased()))
        rest = rest.dropFirst(name.count)
      } else if "+-*/():,".contains(first) {
        tokens.append(.symbol(first))
        rest = rest.dropFirst()
      } else {
        throw FormulaError(code: "#PARSE")
      }
    }
  }

  /// The whole formula; throws unless every token is used.
  mutating func formula() throws -> Formula {
    let formula = try expression()
    guard position == tokens.count else { throw FormulaError(code: "#PARSE") }
    return formula
  }

  private mutating func take(_ symbols: Character...) -> Character? {
    guard position < tokens.count, case .symbol(let symbol) = tokens[position], symbols.contains(symbol) else {
      return nil
    }
    position += 1
    return symbol
  }

  private mutating func expect(_ symbol: Character) throws {
    guard take(symbol) != nil else { throw FormulaError(code: "#PARSE") }
  }

  private mutating func expression() throws -> Formula {
    var result = try term()
    while let operation = take("+", "-") { result = .binary(operation, result, try term()) }
    return result
  }

  private mutating func term() throws -> Formula {
    var result = try factor()
    while let operation = take("*", "/") { result = .binary(operation, result, try factor()) }
    return result
  }

  private mutating func factor() throws -> Formula {
    budget -= 1
    guard budget > 0, position < tokens.count else { throw FormulaError(code: "#PARSE") }
    position += 1
    switch tokens[position - 1] {
    case .number(let value): return .number(value)
    case .symbol("-"): return .negate(try factor())
    case .symbol("("):
      let inner = try expression()
      try expect(")")
      return inner
    case .name(let name) where take("(") != nil:
      var arguments: [Formula] = []
      if take(")") == nil {
        repeat { arguments.append(try expression()) } while take(",") != nil
        try expect(")")
      }
      return .call(name, arguments)
    case .name(let name):
      guard let from = CellAddress(name) else { throw FormulaError(code: "#REF") }
      guard take(":") != nil else { return .reference(from) }
      guard position < tokens.count, case .name(let other) = tokens[position], let to = CellAddress(other) else {
        throw FormulaError(code: "#PARSE")
      }
      position += 1
      return .range(from, to)
    default: throw FormulaError(code: "#PARSE")
    }
  }
}

//! Expression parsing.
//!
//! More information:
//!  - [MDN documentation][mdn]
//!  - [ECMAScript specification][spec]
//!
//! [mdn]: https://developer.mozilla.org/en-US/docs/Web/JavaScript/Reference/Operators
//! [spec]: https://tc39.es/ecma262/#sec-ecmascript-language-expressions

mod assignment;
mod fpl_or_exp;
mod identifiers;
mod left_hand_side;
mod primary;
mod unary;
mod update;

pub(in crate::parser) mod await_expr;

#[cfg(test)]
mod tests;

use crate::{
    Error,
    lexer::{InputElement, TokenKind},
    parser::{
        AllowAwait, AllowIn, AllowYield, Cursor, OrAbrupt, ParseResult, TokenParser,
        expression::assignment::ExponentiationExpression,
    },
    source::ReadChar,
};
use boa_ast::{
    self as ast, Keyword, Position, Punctuator, Spanned,
    expression::{
        Identifier,
        operator::{
            Binary, BinaryInPrivate,
            binary::{BinaryOp, LogicalOp},
        },
    },
    function::PrivateName,
};
use boa_interner::{Interner, Sym};

pub(super) use self::{assignment::AssignmentExpression, primary::Initializer};
pub(in crate::parser) use {
    fpl_or_exp::FormalParameterListOrExpression,
    identifiers::{BindingIdentifier, LabelIdentifier},
    left_hand_side::LeftHandSideExpression,
    primary::object_initializer::{
        AsyncGeneratorMethod, AsyncMethod, GeneratorMethod, PropertyName,
    },
};

/// Expression parsing.
///
/// More information:
///  - [MDN documentation][mdn]
///  - [ECMAScript specification][spec]
///
/// [mdn]: https://developer.mozilla.org/en-US/docs/Web/JavaScript/Reference/Operators
/// [spec]: https://tc39.es/ecma262/#prod-Expression
#[derive(Debug, Clone, Copy)]
pub(super) struct Expression {
    allow_in: AllowIn,
    allow_yield: AllowYield,
    allow_await: AllowAwait,
}

impl Expression {
    /// Creates a new `Expression` parser.
    pub(super) fn new<I, Y, A>(allow_in: I, allow_yield: Y, allow_await: A) -> Self
    where
        I: Into<AllowIn>,
        Y: Into<AllowYield>,
        A: Into<AllowAwait>,
    {
        Self {
            allow_in: allow_in.into(),
            allow_yield: allow_yield.into(),
            allow_await: allow_await.into(),
        }
    }
}

impl<R> TokenParser<R> for Expression
where
    R: ReadChar,
{
    type Output = ast::Expression;

    fn parse(self, cursor: &mut Cursor<R>, interner: &mut Interner) -> ParseResult<Self::Output> {
        let mut lhs = AssignmentExpression::new(self.allow_in, self.allow_yield, self.allow_await)
            .parse(cursor, interner)?;
        while let Some(tok) = cursor.peek(0, interner)? {
            match *tok.kind() {
                TokenKind::Punctuator(Punctuator::Comma) => {
                    if cursor.peek(1, interner).or_abrupt()?.kind()
                        == &TokenKind::Punctuator(Punctuator::CloseParen)
                    {
                        return Ok(lhs);
                    }

                    if cursor.peek(1, interner).or_abrupt()?.kind()
                        == &TokenKind::Punctuator(Punctuator::Spread)
                    {
                        return Ok(lhs);
                    }

                    cursor.advance(interner);

                    lhs = Binary::new(
                        Punctuator::Comma
                            .as_binary_op()
                            .expect("Could not get binary operation."),
                        lhs,
                        AssignmentExpression::new(
                            self.allow_in,
                            self.allow_yield,
                            self.allow_await,
                        )
                        .parse(cursor, interner)?,
                    )
                    .into();
                }
                _ => break,
            }
        }

        Ok(lhs)
    }
}

/// Parses a logical expression expression.
///
/// More information:
///  - [MDN documentation][mdn]
///  - [ECMAScript specification][spec]
///
/// [mdn]: https://developer.mozilla.org/en-US/docs/Web/JavaScript/Reference/Operators/Logical_Operators
/// [spec]: https://tc39.es/ecma262/#prod-ShortCircuitExpression
#[derive(Debug, Clone, Copy)]
struct ShortCircuitExpression {
    allow_in: AllowIn,
    allow_yield: AllowYield,
    allow_await: AllowAwait,
    previous: PreviousExpr,
}

#[derive(Debug, Clone, Copy, PartialEq)]
enum PreviousExpr {
    None,
    Logical,
    Coalesce,
}

impl ShortCircuitExpression {
    /// Creates a new `ShortCircuitExpression` parser.
    pub(super) fn new<I, Y, A>(allow_in: I, allow_yield: Y, allow_await: A) -> Self
    where
        I: Into<AllowIn>,
        Y: Into<AllowYield>,
        A: Into<AllowAwait>,
    {
        Self {
            allow_in: allow_in.into(),
            allow_yield: allow_yield.into(),
            allow_await: allow_await.into(),
            previous: PreviousExpr::None,
        }
    }

    fn with_previous<I, Y, A>(
        allow_in: I,
        allow_yield: Y,
        allow_await: A,
        previous: PreviousExpr,
    ) -> Self
    where
        I: Into<AllowIn>,
        Y: Into<AllowYield>,
        A: Into<AllowAwait>,
    {
        Self {
            allow_in: allow_in.into(),
            allow_yield: allow_yield.into(),
            allow_await: allow_await.into(),
            previous,
        }
    }
}

impl<R> TokenParser<R> for ShortCircuitExpression
where
    R: ReadChar,
{
    type Output = FormalParameterListOrExpression;

    fn parse(self, cursor: &mut Cursor<R>, interner: &mut Interner) -> ParseResult<Self::Output> {
        let current_node =
            BitwiseORExpression::new(self.allow_in, self.allow_yield, self.allow_await)
                .parse(cursor, interner)?;
        let FormalParameterListOrExpression::Expression(mut current_node) = current_node else {
            return Ok(current_node);
        };

        let mut previous = self.previous;

        while let Some(tok) = cursor.peek(0, interner)? {
            match tok.kind() {
                TokenKind::Punctuator(Punctuator::BoolAnd) => {
                    if previous == PreviousExpr::Coalesce {
                        return Err(Error::expected(
                            ["??".to_owned()],
                            tok.to_string(interner),
                            tok.span(),
                            "logical expression (cannot use '??' without parentheses within '||' or '&&')",
                        ));
                    }
                    cursor.advance(interner);
                    previous = PreviousExpr::Logical;
                    let rhs =
                        BitwiseORExpression::new(self.allow_in, self.allow_yield, self.allow_await)
                            .parse(cursor, interner)?
                            .try_into_expression()?;

                    current_node =
                        Binary::new(BinaryOp::Logical(LogicalOp::And), current_node, rhs).into();
                }
                TokenKind::Punctuator(Punctuator::BoolOr) => {
                    if previous == PreviousExpr::Coalesce {
                        return Err(Error::expected(
                            ["??".to_owned()],
                            tok.to_string(interner),
                            tok.span(),
                            "logical expression (cannot use '??' without parentheses within '||' or '&&')",
                        ));
                    }
                    cursor.advance(interner);
                    previous = PreviousExpr::Logical;
                    let rhs = Self::with_previous(
                        self.allow_in,
                        self.allow_yield,
                        self.allow_await,
                        PreviousExpr::Logical,
                    )
                    .parse(cursor, interner)?
                    .try_into_expression()?;
                    current_node =
                        Binary::new(BinaryOp::Logical(LogicalOp::Or), current_node, rhs).into();
                }
                TokenKind::Punctuator(Punctuator::Coalesce) => {
                    if previous == PreviousExpr::Logical {
                        return Err(Error::expected(
                            ["&&".to_owned(), "||".to_owned()],
                            tok.to_string(interner),
                            tok.span(),
                            "cannot use '??' unparenthesized within '||' or '&&'",
                        ));
                    }
                    cursor.advance(interner);
                    previous = PreviousExpr::Coalesce;
                    let rhs =
                        BitwiseORExpression::new(self.allow_in, self.allow_yield, self.allow_await)
                            .parse(cursor, interner)?
                            .try_into_expression()?;
                    current_node =
                        Binary::new(BinaryOp::Logical(LogicalOp::Coalesce), current_node, rhs)
                            .into();
                }
                _ => break,
            }
        }
        Ok(current_node.into())
    }
}

/// Parses the binary operators from bitwise `OR` down to the multiplicative ones: the
/// productions `BitwiseORExpression`, `BitwiseXORExpression`, `BitwiseANDExpression`,
/// `EqualityExpression`, `RelationalExpression`, `ShiftExpression`, `AdditiveExpression`
/// and `MultiplicativeExpression`, by precedence climbing.
///
/// (gas-sim, vendored patch 0048.) boa parsed them as eight nested parsers, one per
/// production, so every operand (an identifier, a call) went down and back up all eight,
/// each peeking at the next token; one loop now takes any of their operators, and gives
/// the same tree, errors and lexer goals. A production's operators are left-associative,
/// so the right side of an operator is parsed at the next higher precedence; where the
/// nested parsers set the goal (`MultiplicativeExpression`: `/` is division) and looked
/// for `#x in` (`RelationalExpression`), a climb starting at that precedence does.
///
/// One difference, V8's reading: boa's `RelationalExpression` returned `#x in y` at once,
/// so `#x in y < z` and `#x in y instanceof Z` were syntax errors; `#x in y` is itself a
/// `RelationalExpression`, and the operator after it now applies to it.
///
/// More information:
///  - [MDN documentation][mdn]
///  - [ECMAScript specification][spec]
///
/// [mdn]: https://developer.mozilla.org/en-US/docs/Web/JavaScript/Reference/Operators/Operator_precedence
/// [spec]: https://tc39.es/ecma262/#prod-BitwiseORExpression
#[derive(Debug, Clone, Copy)]
struct BitwiseORExpression {
    allow_in: AllowIn,
    allow_yield: AllowYield,
    allow_await: AllowAwait,
}

/// The precedence of each production's operators, loosest first.
mod precedence {
    pub(super) const BITWISE_OR: u8 = 1;
    pub(super) const BITWISE_XOR: u8 = 2;
    pub(super) const BITWISE_AND: u8 = 3;
    pub(super) const EQUALITY: u8 = 4;
    pub(super) const RELATIONAL: u8 = 5;
    pub(super) const SHIFT: u8 = 6;
    pub(super) const ADDITIVE: u8 = 7;
    pub(super) const MULTIPLICATIVE: u8 = 8;
}

/// A binary operator of [`BitwiseORExpression`] and its precedence.
#[derive(Debug, Clone, Copy)]
enum BinaryOperator {
    Punctuator(Punctuator),
    Keyword(Keyword),
}

impl BinaryOperator {
    /// The operator `kind` is, with its precedence; `None` for any other token (`in` too,
    /// where it is not allowed).
    fn of(kind: &TokenKind, allow_in: AllowIn) -> Option<(Self, u8)> {
        use precedence::*;
        match *kind {
            TokenKind::Punctuator(op) => {
                let precedence = match op {
                    Punctuator::Or => BITWISE_OR,
                    Punctuator::Xor => BITWISE_XOR,
                    Punctuator::And => BITWISE_AND,
                    Punctuator::Eq
                    | Punctuator::NotEq
                    | Punctuator::StrictEq
                    | Punctuator::StrictNotEq => EQUALITY,
                    Punctuator::LessThan
                    | Punctuator::GreaterThan
                    | Punctuator::LessThanOrEq
                    | Punctuator::GreaterThanOrEq => RELATIONAL,
                    Punctuator::LeftSh | Punctuator::RightSh | Punctuator::URightSh => SHIFT,
                    Punctuator::Add | Punctuator::Sub => ADDITIVE,
                    Punctuator::Mul | Punctuator::Div | Punctuator::Mod => MULTIPLICATIVE,
                    _ => return None,
                };
                Some((Self::Punctuator(op), precedence))
            }
            TokenKind::Keyword((op @ Keyword::InstanceOf, false)) => {
                Some((Self::Keyword(op), RELATIONAL))
            }
            TokenKind::Keyword((op @ Keyword::In, false)) if allow_in.0 => {
                Some((Self::Keyword(op), RELATIONAL))
            }
            _ => None,
        }
    }

    fn binary_op(self) -> BinaryOp {
        match self {
            Self::Punctuator(op) => op.as_binary_op(),
            Self::Keyword(op) => op.as_binary_op(),
        }
        .expect("Could not get binary operation.")
    }
}

impl BitwiseORExpression {
    /// Creates a new `BitwiseORExpression` parser.
    pub(super) fn new<I, Y, A>(allow_in: I, allow_yield: Y, allow_await: A) -> Self
    where
        I: Into<AllowIn>,
        Y: Into<AllowYield>,
        A: Into<AllowAwait>,
    {
        Self {
            allow_in: allow_in.into(),
            allow_yield: allow_yield.into(),
            allow_await: allow_await.into(),
        }
    }

    /// Parses what the productions from `lowest` up give: an operand, then every operator
    /// of precedence `lowest` or higher with its right side.
    fn parse_from<R: ReadChar>(
        self,
        lowest: u8,
        cursor: &mut Cursor<R>,
        interner: &mut Interner,
    ) -> ParseResult<FormalParameterListOrExpression> {
        // The highest precedence an operator may have to be taken here: after `#x in y`
        // (a RelationalExpression whose right side took every tighter operator) a
        // relational one or looser, and after an operator, one no tighter (a tighter one
        // would have been taken by its right side).
        let mut highest = precedence::MULTIPLICATIVE;
        let private_in = if lowest <= precedence::RELATIONAL && self.allow_in.0 {
            self.private_in(cursor, interner)?
        } else {
            None
        };
        let mut lhs = if let Some(private_in) = private_in {
            highest = precedence::RELATIONAL;
            private_in
        } else {
            match self.operand(lowest, cursor, interner)? {
                FormalParameterListOrExpression::Expression(lhs) => lhs,
                other => return Ok(other),
            }
        };
        while let Some(tok) = cursor.peek(0, interner)? {
            let relational_here = (lowest..=highest).contains(&precedence::RELATIONAL);
            if let TokenKind::Keyword((Keyword::InstanceOf | Keyword::In, true)) = tok.kind() {
                if relational_here {
                    return Err(Error::general(
                        "Keyword must not contain escaped characters",
                        tok.span().start(),
                    ));
                }
                break;
            }
            let Some((op, precedence)) = BinaryOperator::of(tok.kind(), self.allow_in) else {
                break;
            };
            if !(lowest..=highest).contains(&precedence) {
                break;
            }
            cursor.advance(interner);
            let rhs = self.parse_from(precedence + 1, cursor, interner)?.try_into_expression()?;
            lhs = Binary::new(op.binary_op(), lhs, rhs).into();
            highest = precedence;
        }
        Ok(lhs.into())
    }

    /// An `ExponentiationExpression`, the lexer's goal set first as the
    /// `MultiplicativeExpression` a climb from `lowest` starts with sets it.
    fn operand<R: ReadChar>(
        self,
        lowest: u8,
        cursor: &mut Cursor<R>,
        interner: &mut Interner,
    ) -> ParseResult<FormalParameterListOrExpression> {
        if lowest <= precedence::MULTIPLICATIVE {
            cursor.set_goal(InputElement::Div);
        }
        ExponentiationExpression::new(self.allow_yield, self.allow_await).parse(cursor, interner)
    }

    /// `#x in y`, where a `RelationalExpression` starts with it.
    fn private_in<R: ReadChar>(
        self,
        cursor: &mut Cursor<R>,
        interner: &mut Interner,
    ) -> ParseResult<Option<ast::Expression>> {
        let token = cursor.peek(0, interner).or_abrupt()?;
        let TokenKind::PrivateIdentifier(identifier) = token.kind() else {
            return Ok(None);
        };
        let identifier = *identifier;
        let identifier_span = token.span();
        let token = cursor.peek(1, interner).or_abrupt()?;
        match token.kind() {
            TokenKind::Keyword((Keyword::In, true)) => Err(Error::general(
                "Keyword must not contain escaped characters",
                token.span().start(),
            )),
            TokenKind::Keyword((Keyword::In, false)) => {
                cursor.advance(interner);
                cursor.advance(interner);
                let rhs = self
                    .parse_from(precedence::SHIFT, cursor, interner)?
                    .try_into_expression()?;
                Ok(Some(
                    BinaryInPrivate::new(PrivateName::new(identifier, identifier_span), rhs).into(),
                ))
            }
            _ => Ok(None),
        }
    }
}

impl<R> TokenParser<R> for BitwiseORExpression
where
    R: ReadChar,
{
    type Output = FormalParameterListOrExpression;

    fn parse(self, cursor: &mut Cursor<R>, interner: &mut Interner) -> ParseResult<Self::Output> {
        self.parse_from(precedence::BITWISE_OR, cursor, interner)
    }
}

/// Returns an error if `arguments` or `eval` are used as identifier in strict mode.
fn check_strict_arguments_or_eval(ident: Identifier, position: Position) -> ParseResult<()> {
    match ident.sym() {
        Sym::ARGUMENTS => Err(Error::general(
            "unexpected identifier `arguments` in strict mode",
            position,
        )),
        Sym::EVAL => Err(Error::general(
            "unexpected identifier `eval` in strict mode",
            position,
        )),
        _ => Ok(()),
    }
}

//! Boa's implementation of ECMAScript's global `JSON` object.
//!
//! The `JSON` object contains methods for parsing [JavaScript Object Notation (JSON)][spec]
//! and converting values to JSON. It can't be called or constructed, and aside from its
//! two method properties, it has no interesting functionality of its own.
//!
//! More information:
//!  - [ECMAScript reference][spec]
//!  - [MDN documentation][mdn]
//!  - [JSON specification][json]
//!
//! [spec]: https://tc39.es/ecma262/#sec-json
//! [json]: https://www.json.org/json-en.html
//! [mdn]: https://developer.mozilla.org/en-US/docs/Web/JavaScript/Reference/Global_Objects/JSON


use rustc_hash::FxHashSet;

use boa_ast::scope::Scope;
use boa_gc::{Finalize, Gc, Trace};

use crate::JsExpect;
use crate::{
    Context, JsArgs, JsBigInt, JsData, JsResult, JsString, JsValue, SpannedSourceText,
    builtins::BuiltInObject,
    bytecompiler::ByteCompiler,
    context::intrinsics::Intrinsics,
    error::JsNativeError,
    js_string,
    object::{IntegrityLevel, JsObject, internal_methods::InternalMethodPropertyContext},
    property::{Attribute, PropertyNameKind},
    realm::Realm,
    string::{CodePoint, StaticJsStrings},
    symbol::JsSymbol,
    value::IntegerOrInfinity,
    vm::{CallFrame, CallFrameFlags, source_info::SourcePath},
};
use boa_parser::{Parser, Source};

use super::{BuiltInBuilder, IntrinsicObject};

mod text;
mod v8_syntax;

use text::JsonText;

/// Converts a nibble (0-15) to its lowercase hex digit as a UTF-16 code unit.
const fn to_hex_digit(val: u16) -> u16 {
    match val & 0xF {
        v @ 0..=9 => b'0' as u16 + v,
        v => b'a' as u16 + (v - 10),
    }
}

#[cfg(test)]
mod tests;

/// Marker struct for the `[[IsRawJSON]]` internal slot.
#[derive(Debug, Trace, Finalize, JsData)]
pub(crate) struct RawJson;

/// A tree node representing the structure of parsed JSON, preserving source
/// text spans for primitive values. Used to provide `context.source` to
/// the reviver function in `JSON.parse`.
#[derive(Debug)]
enum JsonNode {
    /// A primitive value (string, number, boolean, null) with its original source text.
    Primitive(String),
    /// An array of child nodes.
    Array(Vec<JsonNode>),
    /// An object with key-value pairs.
    Object(Vec<(String, JsonNode)>),
}

/// Visitor that builds a `JsonNode` source tree by walking the parsed AST,
/// extracting source text from `LinearSpan` information tracked by the parser.
/// Uses a stack to build the tree bottom-up during depth-first traversal.
struct JsonSourceVisitor<'a> {
    source_text: &'a boa_ast::SourceText,
    interner: &'a boa_interner::Interner,
    /// Stack used to build the tree bottom-up. Leaf nodes (literals) are pushed
    /// first, then parent nodes (arrays/objects) pop their children and push themselves.
    stack: Vec<JsonNode>,
}

impl<'a> JsonSourceVisitor<'a> {
    /// Creates a new `JsonSourceVisitor`.
    fn new(source_text: &'a boa_ast::SourceText, interner: &'a boa_interner::Interner) -> Self {
        Self {
            source_text,
            interner,
            stack: Vec::new(),
        }
    }

    /// Consumes the visitor and returns the final `JsonNode` tree.
    fn finish(mut self) -> Option<JsonNode> {
        self.stack.pop()
    }
}

impl<'ast> boa_ast::visitor::Visitor<'ast> for JsonSourceVisitor<'_> {
    type BreakTy = std::convert::Infallible;

    fn visit_literal(
        &mut self,
        node: &'ast boa_ast::expression::literal::Literal,
    ) -> std::ops::ControlFlow<Self::BreakTy> {
        let span = node.linear_span();
        let code_points = self.source_text.get_code_points_from_span(span);
        let text = String::from_utf16_lossy(code_points);
        self.stack.push(JsonNode::Primitive(text));
        std::ops::ControlFlow::Continue(())
    }

    fn visit_array_literal(
        &mut self,
        node: &'ast boa_ast::expression::literal::ArrayLiteral,
    ) -> std::ops::ControlFlow<Self::BreakTy> {
        let count = node.as_ref().len();
        let base = self.stack.len();

        // Visit each element, which pushes child nodes onto the stack
        for elem in node.as_ref() {
            if let Some(expr) = elem {
                self.visit_expression(expr)?;
            } else {
                // Sparse element (should not happen in JSON)
                self.stack.push(JsonNode::Primitive("null".to_string()));
            }
        }

        // Pop the children that were just pushed and collect into array
        let children: Vec<JsonNode> = self.stack.drain(base..).collect();
        debug_assert_eq!(children.len(), count);
        self.stack.push(JsonNode::Array(children));
        std::ops::ControlFlow::Continue(())
    }

    fn visit_object_literal(
        &mut self,
        node: &'ast boa_ast::expression::literal::ObjectLiteral,
    ) -> std::ops::ControlFlow<Self::BreakTy> {
        use boa_ast::expression::literal::PropertyDefinition;

        let base = self.stack.len();
        let mut keys: Vec<String> = Vec::new();

        for prop in node.properties() {
            if let PropertyDefinition::Property(name, value) = prop {
                let key = if let Some(ident) = name.literal() {
                    self.interner.resolve_expect(ident.sym()).to_string()
                } else {
                    String::new()
                };
                keys.push(key);
                // Visit the value expression, which pushes the child node
                self.visit_expression(value)?;
            }
        }

        // Pop the value nodes and zip with keys
        let values: Vec<JsonNode> = self.stack.drain(base..).collect();
        debug_assert_eq!(keys.len(), values.len());
        let entries: Vec<(String, JsonNode)> = keys.into_iter().zip(values).collect();
        self.stack.push(JsonNode::Object(entries));
        std::ops::ControlFlow::Continue(())
    }

    fn visit_unary(
        &mut self,
        node: &'ast boa_ast::expression::operator::Unary,
    ) -> std::ops::ControlFlow<Self::BreakTy> {
        use boa_ast::expression::operator::unary::UnaryOp;
        use boa_ast::visitor::VisitWith;

        if node.op() == UnaryOp::Minus
            && let boa_ast::Expression::Literal(lit) = node.target()
        {
            let span = lit.linear_span();
            let code_points = self.source_text.get_code_points_from_span(span);
            let num_text = String::from_utf16_lossy(code_points);
            self.stack.push(JsonNode::Primitive(format!("-{num_text}")));
            return std::ops::ControlFlow::Continue(());
        }

        // Default: recurse into children
        node.visit_with(self)
    }

    fn visit_parenthesized(
        &mut self,
        node: &'ast boa_ast::expression::Parenthesized,
    ) -> std::ops::ControlFlow<Self::BreakTy> {
        // Unwrap parentheses and visit inner expression
        self.visit_expression(node.expression())
    }
}

/// JavaScript `JSON` global object.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub(crate) struct Json;

impl IntrinsicObject for Json {
    fn init(realm: &Realm) {
        let to_string_tag = JsSymbol::to_string_tag();
        let attribute = Attribute::READONLY | Attribute::NON_ENUMERABLE | Attribute::CONFIGURABLE;

        BuiltInBuilder::with_intrinsic::<Self>(realm)
            .static_method(Self::parse, js_string!("parse"), 2)
            .static_method(Self::stringify, js_string!("stringify"), 3)
            .static_method(Self::raw_json, js_string!("rawJSON"), 1)
            .static_method(Self::is_raw_json, js_string!("isRawJSON"), 1)
            .static_property(to_string_tag, Self::NAME, attribute)
            .build();
    }

    fn get(intrinsics: &Intrinsics) -> JsObject {
        intrinsics.objects().json()
    }
}

impl BuiltInObject for Json {
    const NAME: JsString = StaticJsStrings::JSON;
}

/// gas-sim patch: whether `text` is a JSON text (ECMA-404), checked with an explicit
/// stack, so at any depth.
fn is_json_text(text: &[u8]) -> bool {
    #[derive(Clone, Copy)]
    enum Want {
        Value,
        Key,
        AfterValue,
    }
    let skip_space = |i: &mut usize| {
        while text.get(*i).is_some_and(|c| matches!(c, b' ' | b'\t' | b'\n' | b'\r')) {
            *i += 1;
        }
    };
    let mut open: Vec<u8> = Vec::new();
    let mut want = Want::Value;
    let mut i = 0;
    loop {
        skip_space(&mut i);
        match want {
            Want::Value => match text.get(i) {
                Some(&bracket @ (b'[' | b'{')) => {
                    i += 1;
                    skip_space(&mut i);
                    let close = if bracket == b'[' { b']' } else { b'}' };
                    if text.get(i) == Some(&close) {
                        i += 1;
                        want = Want::AfterValue;
                    } else {
                        open.push(bracket);
                        want = if bracket == b'[' { Want::Value } else { Want::Key };
                    }
                }
                Some(b'"') => match json_string_end(text, i) {
                    Some(end) => (i, want) = (end, Want::AfterValue),
                    None => return false,
                },
                Some(b't') if text[i..].starts_with(b"true") => (i, want) = (i + 4, Want::AfterValue),
                Some(b'f') if text[i..].starts_with(b"false") => (i, want) = (i + 5, Want::AfterValue),
                Some(b'n') if text[i..].starts_with(b"null") => (i, want) = (i + 4, Want::AfterValue),
                Some(c) if *c == b'-' || c.is_ascii_digit() => match json_number_end(text, i) {
                    Some(end) => (i, want) = (end, Want::AfterValue),
                    None => return false,
                },
                _ => return false,
            },
            Want::Key => {
                let Some(end) = (text.get(i) == Some(&b'"')).then(|| json_string_end(text, i)).flatten() else {
                    return false;
                };
                i = end;
                skip_space(&mut i);
                if text.get(i) != Some(&b':') {
                    return false;
                }
                i += 1;
                want = Want::Value;
            }
            Want::AfterValue => match (open.last(), text.get(i)) {
                (None, None) => return true,
                (Some(b'['), Some(b',')) => (i, want) = (i + 1, Want::Value),
                (Some(b'{'), Some(b',')) => (i, want) = (i + 1, Want::Key),
                (Some(b'['), Some(b']')) | (Some(b'{'), Some(b'}')) => {
                    open.pop();
                    i += 1;
                }
                _ => return false,
            },
        }
    }
}

/// The index after the JSON string starting at `start` (a `"`), if it is one.
fn json_string_end(text: &[u8], start: usize) -> Option<usize> {
    let mut i = start + 1;
    loop {
        match *text.get(i)? {
            b'"' => return Some(i + 1),
            b'\\' => match *text.get(i + 1)? {
                b'"' | b'\\' | b'/' | b'b' | b'f' | b'n' | b'r' | b't' => i += 2,
                b'u' if text.get(i + 2..i + 6)?.iter().all(u8::is_ascii_hexdigit) => i += 6,
                _ => return None,
            },
            c if c < 0x20 => return None,
            _ => i += 1,
        }
    }
}

/// The index after the JSON number starting at `start`, if it is one.
fn json_number_end(text: &[u8], start: usize) -> Option<usize> {
    let digits = |i: usize| i + text[i..].iter().take_while(|c| c.is_ascii_digit()).count();
    let mut i = start + usize::from(text.get(start) == Some(&b'-'));
    match text.get(i)? {
        b'0' => i += 1,
        b'1'..=b'9' => i = digits(i),
        _ => return None,
    }
    if text.get(i) == Some(&b'.') {
        let end = digits(i + 1);
        if end == i + 1 {
            return None;
        }
        i = end;
    }
    if matches!(text.get(i), Some(b'e' | b'E')) {
        i += 1;
        if matches!(text.get(i), Some(b'+' | b'-')) {
            i += 1;
        }
        let end = digits(i);
        if end == i {
            return None;
        }
        i = end;
    }
    Some(i)
}

/// gas-sim patch: the deepest nesting `JSON.stringify` serializes.
const JSON_STRINGIFY_DEPTH_MAX: usize = 4_000;

impl Json {
    /// `JSON.parse( text[, reviver] )`
    ///
    /// This `JSON` method parses a JSON string, constructing the JavaScript value or object described by the string.
    ///
    /// An optional `reviver` function can be provided to perform a transformation on the resulting object before it is returned.
    ///
    /// More information:
    ///  - [ECMAScript reference][spec]
    ///  - [MDN documentation][mdn]
    ///
    /// [spec]: https://tc39.es/ecma262/#sec-json.parse
    /// [mdn]: https://developer.mozilla.org/en-US/docs/Web/JavaScript/Reference/Global_Objects/JSON/parse
    pub(crate) fn parse(_: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
        // 1. Let jsonString be ? ToString(text).
        let json_string = args
            .first()
            .cloned()
            .unwrap_or_default()
            .to_string(context)?
            .to_std_string()
            .map_err(|e| JsNativeError::syntax().with_message(e.to_string()))?;

        // Check if a reviver is provided, to determine if we need source text tracking
        let has_reviver = args.get_or_undefined(1).is_callable();

        // 2. Parse ! StringToCodePoints(jsonString) as a JSON text as specified in ECMA-404.
        //    Throw a SyntaxError exception if it is not a valid JSON text as defined in that specification.
        match serde_json::from_str::<serde_json::Value>(&json_string) {
            // gas-sim patch (0029): without a reviver the value serde_json parsed is the
            // result, built directly (steps 3-10 below parse the text again as a script,
            // compile and run it: most of the time of a JSON.parse). serde_json keeps the
            // keys' order and a repeated key's first place (`preserve_order`) and rounds
            // numbers as V8 does (`float_roundtrip`); what it refuses takes the way below.
            Ok(value) if !has_reviver => return json_value_to_js(&value, context),
            Ok(_) => {}
            Err(e) => {
            // gas-sim patch (0018): the error V8 raises, in its words. Text V8 accepts
            // but serde_json refuses (deeper than 128 values, `1e400`, a lone surrogate
            // escape) is parsed as source below (which stops at the stack limit with
            // V8's RangeError), once it is known to be JSON text (0014).
            let units: Vec<u16> = json_string.encode_utf16().collect();
            if let Some(message) = v8_syntax::syntax_error(&units) {
                return Err(JsNativeError::syntax().with_message(message).into());
            }
            if !is_json_text(json_string.as_bytes()) {
                return Err(JsNativeError::syntax().with_message(e.to_string()).into());
            }
            }
        }

        // 3. Let scriptString be the string-concatenation of "(", jsonString, and ");".
        let script_string = format!("({json_string});");

        // 4-10. Parse and evaluate the script
        let source = Source::from_bytes(&script_string);
        let mut parser = Parser::new(source);
        parser.set_json_parse();

        // Use parse_script_with_source to get SourceText for span-based source extraction
        let (script, source_text) =
            parser.parse_script_with_source(&Scope::new_global(), context.interner_mut())?;

        // Build the source tree from the AST if a reviver is present.
        // This walks the parsed AST and extracts source text from LinearSpan information,
        // avoiding the need to re-parse the JSON string separately.
        let source_tree = if has_reviver {
            let expr = script.statements().statements().first().and_then(|item| {
                if let boa_ast::StatementListItem::Statement(stmt) = item
                    && let boa_ast::Statement::Expression(expr) = stmt.as_ref()
                {
                    return Some(expr);
                }
                None
            });
            expr.and_then(|e| {
                use boa_ast::visitor::Visitor;
                let mut visitor = JsonSourceVisitor::new(&source_text, context.interner());
                let _ = visitor.visit_expression(e);
                visitor.finish()
            })
        } else {
            None
        };

        let code_block = {
            let in_with = context.vm.frame().environments.has_object_environment();
            let spanned_source_text = SpannedSourceText::new_source_only(
                crate::spanned_source_text::SourceText::new(source_text),
            );
            let mut compiler = ByteCompiler::new(
                js_string!("<json>"),
                script.strict(),
                true,
                context.realm().scope().clone(),
                context.realm().scope().clone(),
                false,
                false,
                context.interner_mut(),
                in_with,
                spanned_source_text,
                SourcePath::Json,
            );
            compiler.compile_statement_list(script.statements(), true, false);
            Gc::new(compiler.finish())
        };

        let realm = context.realm().clone();

        let env_fp = context.vm.frame().environments.len() as u32;
        context.vm.push_frame_with_stack(
            CallFrame::new(
                code_block,
                None,
                context.vm.frame().environments.clone(),
                realm,
            )
            .with_env_fp(env_fp)
            .with_flags(CallFrameFlags::EXIT_EARLY),
            JsValue::undefined(),
            JsValue::null(),
        );

        context.realm().resize_global_env();
        let record = context.run();
        context.vm.pop_frame();

        let unfiltered = record.consume()?;

        // 11. If IsCallable(reviver) is true, then
        if let Some(obj) = args.get_or_undefined(1).as_callable() {
            // a. Let root be ! OrdinaryObjectCreate(%Object.prototype%).
            let root = JsObject::with_object_proto(context.intrinsics());

            // b. Let rootName be the empty String.
            // c. Perform ! CreateDataPropertyOrThrow(root, rootName, unfiltered).
            root.create_data_property_or_throw(js_string!(), unfiltered, context)
                .js_expect("CreateDataPropertyOrThrow should never throw here")?;

            // d. Return ? InternalizeJSONProperty(root, rootName, reviver).
            Self::internalize_json_property(
                &root,
                js_string!(),
                &obj,
                source_tree.as_ref(),
                context,
            )
        } else {
            // 12. Else,
            // a. Return unfiltered.
            Ok(unfiltered)
        }
    }

    /// `25.5.1.1 InternalizeJSONProperty ( holder, name, reviver )`
    ///
    /// More information:
    ///  - [ECMAScript reference][spec]
    ///
    /// [spec]: https://tc39.es/ecma262/#sec-internalizejsonproperty
    fn internalize_json_property(
        holder: &JsObject,
        name: JsString,
        reviver: &JsObject,
        source_node: Option<&JsonNode>,
        context: &mut Context,
    ) -> JsResult<JsValue> {
        // gas-sim patch: nested objects recurse natively.
        crate::native_stack::check()?;
        // 1. Let val be ? Get(holder, name).
        let val = holder.get(name.clone(), context)?;

        // 2. If Type(val) is Object, then
        if let Some(obj) = val.as_object() {
            // a. Let isArray be ? IsArray(val).
            // b. If isArray is true, then
            if obj.is_array_abstract()? {
                // i. Let I be 0.
                // ii. Let len be ? LengthOfArrayLike(val).
                // iii. Repeat, while I < len,
                let len = obj.length_of_array_like(context)? as i64;
                let children = match source_node {
                    Some(JsonNode::Array(children)) => Some(children),
                    _ => None,
                };
                for i in 0..len {
                    let child_node = children.and_then(|c| c.get(i as usize));
                    // 1. Let prop be ! ToString(𝔽(I)).
                    // 2. Let newElement be ? InternalizeJSONProperty(val, prop, reviver).
                    let new_element = Self::internalize_json_property(
                        &obj,
                        i.into(),
                        reviver,
                        child_node,
                        context,
                    )?;

                    // 3. If newElement is undefined, then
                    if new_element.is_undefined() {
                        // a. Perform ? val.[[Delete]](prop).
                        obj.__delete__(
                            &i.into(),
                            &mut InternalMethodPropertyContext::new(context),
                        )?;
                    }
                    // 4. Else,
                    else {
                        // a. Perform ? CreateDataProperty(val, prop, newElement).
                        obj.create_data_property(i, new_element, context)?;
                    }
                }
            }
            // c. Else,
            else {
                // i. Let keys be ? EnumerableOwnPropertyNames(val, key).
                let keys = obj.enumerable_own_property_names(PropertyNameKind::Key, context)?;
                let entries = match source_node {
                    Some(JsonNode::Object(entries)) => Some(entries),
                    _ => None,
                };

                // ii. For each String P of keys, do
                for p in keys {
                    // This is safe, because EnumerableOwnPropertyNames with 'key' type only returns strings.
                    let p = p
                        .as_string()
                        .js_expect("EnumerableOwnPropertyNames only returns strings")?;

                    let p_std = p.to_std_string_escaped();
                    let child_node =
                        entries.and_then(|e| e.iter().rfind(|(k, _)| k == &p_std).map(|(_, v)| v));

                    // 1. Let newElement be ? InternalizeJSONProperty(val, P, reviver).
                    let new_element = Self::internalize_json_property(
                        &obj,
                        p.clone(),
                        reviver,
                        child_node,
                        context,
                    )?;

                    // 2. If newElement is undefined, then
                    if new_element.is_undefined() {
                        // a. Perform ? val.[[Delete]](P).
                        obj.__delete__(
                            &p.into(),
                            &mut InternalMethodPropertyContext::new(context),
                        )?;
                    }
                    // 3. Else,
                    else {
                        // a. Perform ? CreateDataProperty(val, P, newElement).
                        obj.create_data_property(p, new_element, context)?;
                    }
                }
            }
        }

        // Build the context object for the reviver call.
        // For primitive JSON values: context = { source: "<original text>" }
        // For objects/arrays or modified values: context = {} (no source property)
        // Per spec, source is only provided when the value is still the same
        // primitive that was produced by parsing the original JSON text.
        let ctx_obj = JsObject::with_object_proto(context.intrinsics());
        if let Some(JsonNode::Primitive(source_text)) = source_node {
            // Check if the current value matches what the source text produces.
            // If the reviver modified the value, it won't match and we skip source.
            let value_matches = match source_text.as_str() {
                "null" => val.is_null(),
                "true" => val.as_boolean() == Some(true),
                "false" => val.as_boolean() == Some(false),
                s if s.starts_with('"') => {
                    // String: compare parsed string value
                    if let Some(js_str) = val.as_string() {
                        serde_json::from_str::<String>(s)
                            .is_ok_and(|parsed| js_str.to_std_string_escaped() == parsed)
                    } else {
                        false
                    }
                }
                s => {
                    // Number: compare parsed number value
                    // Exact comparison is intentional: we want to detect if the
                    // value was replaced by the reviver, not approximate equality.
                    #[allow(clippy::float_cmp)]
                    if let Some(n) = val.as_number() {
                        s.parse::<f64>().is_ok_and(|parsed| n == parsed)
                    } else {
                        false
                    }
                }
            };
            if value_matches {
                ctx_obj.create_data_property_or_throw(
                    js_string!("source"),
                    JsValue::from(js_string!(source_text.as_str())),
                    context,
                )?;
            }
        }

        // 3. Return ? Call(reviver, holder, « name, val, context »).
        reviver.call(
            &holder.clone().into(),
            &[name.into(), val, ctx_obj.into()],
            context,
        )
    }

    /// `JSON.rawJSON ( text )`
    ///
    /// Creates a raw JSON object from the given text.
    ///
    /// More information:
    ///  - [ECMAScript reference][spec]
    ///
    /// [spec]: https://tc39.es/ecma262/#sec-json.rawjson
    pub(crate) fn raw_json(
        _: &JsValue,
        args: &[JsValue],
        context: &mut Context,
    ) -> JsResult<JsValue> {
        // 1. Let jsonString be ? ToString(text).
        let json_string = args.get_or_undefined(0).to_string(context)?;

        // 2. Throw a SyntaxError exception if jsonString is the empty String, or if
        //    either the first or last code unit of jsonString is any of 0x0009
        //    (CHARACTER TABULATION), 0x000A (LINE FEED), 0x000D (CARRIAGE RETURN), or
        //    0x0020 (SPACE).
        let std_string = json_string
            .to_std_string()
            .map_err(|e| JsNativeError::syntax().with_message(e.to_string()))?;

        if std_string.is_empty() {
            return Err(JsNativeError::syntax()
                .with_message("JSON.rawJSON text must not be the empty string")
                .into());
        }

        let first = std_string.as_bytes()[0];
        let last = std_string.as_bytes()[std_string.len() - 1];
        if matches!(first, b'\t' | b'\n' | b'\r' | b' ')
            || matches!(last, b'\t' | b'\n' | b'\r' | b' ')
        {
            return Err(JsNativeError::syntax()
                .with_message("JSON.rawJSON text must not start or end with whitespace")
                .into());
        }

        // 3. Parse StringToCodePoints(jsonString) as a JSON text as specified in ECMA-404.
        //    Throw a SyntaxError exception if it is not a valid JSON text as defined in that
        //    specification, or if its outermost value is an object or array.
        let parsed: serde_json::Value = serde_json::from_str(&std_string)
            .map_err(|e| JsNativeError::syntax().with_message(e.to_string()))?;

        // Must not be an object or array
        match parsed {
            serde_json::Value::Object(_) | serde_json::Value::Array(_) => {
                return Err(JsNativeError::syntax()
                    .with_message("JSON.rawJSON text must not be an object or array")
                    .into());
            }
            _ => {}
        }

        // 3. Let internalSlotsList be « [[IsRawJSON]] ».
        // 4. Let obj be OrdinaryObjectCreate(null, internalSlotsList).
        let obj = JsObject::from_proto_and_data(None::<JsObject>, RawJson);

        // 5. Perform ! CreateDataPropertyOrThrow(obj, "rawJSON", jsonString).
        obj.create_data_property_or_throw(js_string!("rawJSON"), json_string, context)
            .js_expect("CreateDataPropertyOrThrow should never throw here")?;

        // 6. Perform ! SetIntegrityLevel(obj, frozen).
        obj.set_integrity_level(IntegrityLevel::Frozen, context)
            .js_expect("SetIntegrityLevel should never throw here")?;

        // 7. Return obj.
        Ok(obj.into())
    }

    /// `JSON.isRawJSON ( O )`
    ///
    /// Checks if the given value is a raw JSON object.
    ///
    /// More information:
    ///  - [ECMAScript reference][spec]
    ///
    /// [spec]: https://tc39.es/ecma262/#sec-json.israwjson
    #[allow(clippy::unnecessary_wraps)]
    pub(crate) fn is_raw_json(
        _: &JsValue,
        args: &[JsValue],
        _context: &mut Context,
    ) -> JsResult<JsValue> {
        // 1. If Type(O) is Object and O has an [[IsRawJSON]] internal slot, return true.
        // 2. Return false.
        let value = args.get_or_undefined(0);
        let result = value.as_object().is_some_and(|obj| obj.is::<RawJson>());
        Ok(result.into())
    }

    /// `JSON.stringify( value[, replacer[, space]] )`
    ///
    /// This `JSON` method converts a JavaScript object or value to a JSON string.
    ///
    /// This method optionally replaces values if a `replacer` function is specified or
    /// optionally including only the specified properties if a replacer array is specified.
    ///
    /// An optional `space` argument can be supplied of type `String` or `Number` that's used to insert
    /// white space into the output JSON string for readability purposes.
    ///
    /// More information:
    ///  - [ECMAScript reference][spec]
    ///  - [MDN documentation][mdn]
    ///
    /// [spec]: https://tc39.es/ecma262/#sec-json.stringify
    /// [mdn]: https://developer.mozilla.org/en-US/docs/Web/JavaScript/Reference/Global_Objects/JSON/stringify
    pub(crate) fn stringify(
        _: &JsValue,
        args: &[JsValue],
        context: &mut Context,
    ) -> JsResult<JsValue> {
        // 1. Let indent be the empty String.
        let indent = js_string!();

        // 2. Let PropertyList and ReplacerFunction be undefined.
        let mut property_list = None;
        let mut replacer_function = None;

        let replacer = args.get_or_undefined(1);

        // 4. If Type(replacer) is Object, then
        if let Some(replacer_obj) = replacer.as_object() {
            // a. If IsCallable(replacer) is true, then
            if replacer_obj.is_callable() {
                // i. Set ReplacerFunction to replacer.
                replacer_function = Some(replacer_obj.clone());
            // b. Else,
            } else {
                // i. Let isArray be ? IsArray(replacer).
                // ii. If isArray is true, then
                if replacer_obj.is_array_abstract()? {
                    // 1. Set PropertyList to a new empty List.
                    let mut property_set = indexmap::IndexSet::new();

                    // 2. Let len be ? LengthOfArrayLike(replacer).
                    let len = replacer_obj.length_of_array_like(context)?;

                    // 3. Let k be 0.
                    let mut k = 0;

                    // 4. Repeat, while k < len,
                    while k < len {
                        // a. Let prop be ! ToString(𝔽(k)).
                        // b. Let v be ? Get(replacer, prop).
                        let v = replacer_obj.get(k, context)?;

                        // c. Let item be undefined.
                        // d. If Type(v) is String, set item to v.
                        // e. Else if Type(v) is Number, set item to ! ToString(v).
                        // f. Else if Type(v) is Object, then
                        // g. If item is not undefined and item is not currently an element of PropertyList, then
                        // i. Append item to the end of PropertyList.
                        if let Some(s) = v.as_string() {
                            property_set.insert(s);
                        } else if v.is_number() {
                            property_set.insert(
                                v.to_string(context)
                                    .js_expect("ToString cannot fail on number value")?,
                            );
                        } else if let Some(obj) = v.as_object()
                            && (obj.is::<JsString>() || obj.is::<f64>())
                        {
                            // i. If v has a [[StringData]] or [[NumberData]] internal slot, set item to ? ToString(v).
                            property_set.insert(v.to_string(context)?);
                        }

                        // h. Set k to k + 1.
                        k += 1;
                    }
                    property_list = Some(property_set.into_iter().collect());
                }
            }
        }

        let mut space = args.get_or_undefined(2).clone();

        // 5. If Type(space) is Object, then
        if let Some(space_obj) = space.as_object() {
            // a. If space has a [[NumberData]] internal slot, then
            if space_obj.is::<f64>() {
                // i. Set space to ? ToNumber(space).
                space = space.to_number(context)?.into();
            }
            // b. Else if space has a [[StringData]] internal slot, then
            else if space_obj.is::<JsString>() {
                // i. Set space to ? ToString(space).
                space = space.to_string(context)?.into();
            }
        }

        // 6. If Type(space) is Number, then
        let gap = if space.is_number() {
            // a. Let spaceMV be ! ToIntegerOrInfinity(space).
            // b. Set spaceMV to min(10, spaceMV).
            // c. If spaceMV < 1, let gap be the empty String; otherwise let gap be the String value containing spaceMV occurrences of the code unit 0x0020 (SPACE).
            match space
                .to_integer_or_infinity(context)
                .js_expect("ToIntegerOrInfinity cannot fail on number")?
            {
                IntegerOrInfinity::PositiveInfinity => js_string!("          "),
                IntegerOrInfinity::NegativeInfinity => js_string!(),
                IntegerOrInfinity::Integer(i) if i < 1 => js_string!(),
                IntegerOrInfinity::Integer(i) => {
                    let mut s = String::new();
                    let i = std::cmp::min(10, i);
                    for _ in 0..i {
                        s.push(' ');
                    }
                    s.into()
                }
            }
        // 7. Else if Type(space) is String, then
        } else if let Some(s) = space.as_string() {
            // a. If the length of space is 10 or less, let gap be space; otherwise let gap be the substring of space from 0 to 10.
            s.get(..10).unwrap_or(s)
        // 8. Else,
        } else {
            // a. Let gap be the empty String.
            js_string!()
        };

        // 9. Let wrapper be ! OrdinaryObjectCreate(%Object.prototype%).
        let wrapper = JsObject::with_object_proto(context.intrinsics());

        // 10. Perform ! CreateDataPropertyOrThrow(wrapper, the empty String, value).
        wrapper
            .create_data_property_or_throw(js_string!(), args.get_or_undefined(0).clone(), context)
            .js_expect("CreateDataPropertyOrThrow should never fail here")?;

        // 11. Let state be the Record { [[ReplacerFunction]]: ReplacerFunction, [[Stack]]: stack, [[Indent]]: indent, [[Gap]]: gap, [[PropertyList]]: PropertyList }.
        let mut state = StateRecord {
            replacer_function,
            stack_set: FxHashSet::default(),
            indent,
            gap,
            property_list,
            text: JsonText::new(),
        };

        // 12. Return ? SerializeJSONProperty(state, the empty String, wrapper).
        if Self::serialize_json_property(&mut state, js_string!(), &wrapper, context)? {
            Ok(state.text.into_js_string().into())
        } else {
            Ok(JsValue::undefined())
        }
    }

    /// `25.5.2.1 SerializeJSONProperty ( state, key, holder )`
    ///
    /// More information:
    ///  - [ECMAScript reference][spec]
    ///
    /// [spec]: https://tc39.es/ecma262/#sec-serializejsonproperty
    fn serialize_json_property(
        state: &mut StateRecord,
        key: JsString,
        holder: &JsObject,
        context: &mut Context,
    ) -> JsResult<bool> {
        // gas-sim patch 0031: the value's text is written to `state.text`; `false` is the
        // spec's undefined (nothing written).
        // gas-sim patch: serializing a value costs the step budget (its text is built).
        context.charge_steps(crate::vm::Vm::STEPS_PER_JSON_VALUE)?;
        // gas-sim patch: nested objects recurse natively.
        crate::native_stack::check()?;
        // 1. Let value be ? Get(holder, key).
        let mut value = holder.get(key.clone(), context)?;

        // 2. If Type(value) is Object or BigInt, then
        if value.is_object() || value.is_bigint() {
            // a. Let toJSON be ? GetV(value, "toJSON").
            let to_json = value.get_v(js_string!("toJSON"), context)?;

            // b. If IsCallable(toJSON) is true, then
            if let Some(obj) = to_json.as_callable() {
                // i. Set value to ? Call(toJSON, value, « key »).
                value = obj.call(&value, &[key.clone().into()], context)?;
            }
        }

        // 3. If state.[[ReplacerFunction]] is not undefined, then
        if let Some(obj) = &state.replacer_function {
            // a. Set value to ? Call(state.[[ReplacerFunction]], holder, « key, value »).
            value = obj.call(&holder.clone().into(), &[key.into(), value], context)?;
        }

        // 4. If Type(value) is Object, then
        if let Some(obj) = value.as_object() {
            // a. If value has a [[NumberData]] internal slot, then
            if obj.is::<f64>() {
                // i. Set value to ? ToNumber(value).
                value = value.to_number(context)?.into();
            }
            // b. Else if value has a [[StringData]] internal slot, then
            else if obj.is::<JsString>() {
                // i. Set value to ? ToString(value).
                value = value.to_string(context)?.into();
            }
            // c. Else if value has a [[BooleanData]] internal slot, then
            else if let Some(boolean) = obj.downcast_ref::<bool>() {
                // i. Set value to value.[[BooleanData]].
                value = (*boolean).into();
            }
            // d. Else if value has a [[BigIntData]] internal slot, then
            else if let Some(bigint) = obj.downcast_ref::<JsBigInt>() {
                // i. Set value to value.[[BigIntData]].
                value = bigint.clone().into();
            }
            // e. Else if value has a [[IsRawJSON]] internal slot, then
            else if obj.is::<RawJson>() {
                // i. Return the value of the "rawJSON" property of value.
                let raw = obj.get(js_string!("rawJSON"), context)?;
                return Ok(match raw.as_string() {
                    Some(raw) => {
                        state.text.push_str(raw.as_str())?;
                        true
                    }
                    None => false,
                });
            }
        }

        // 5. If value is null, return "null".
        if value.is_null() {
            state.text.push_ascii(b"null")?;
            return Ok(true);
        }

        // 6. If value is true, return "true".
        // 7. If value is false, return "false".
        if let Some(boolean) = value.as_boolean() {
            state.text.push_ascii(if boolean { b"true" } else { b"false" })?;
            return Ok(true);
        }

        // 8. If Type(value) is String, return QuoteJSONString(value).
        if let Some(s) = value.as_string() {
            Self::quote_json_string(&mut state.text, &s)?;
            return Ok(true);
        }

        // 9. If Type(value) is Number, then
        if let Some(n) = value.as_number() {
            // a. If value is finite, return ! ToString(value).
            if n.is_finite() {
                let text = value
                    .to_string(context)
                    .js_expect("ToString should never fail here")?;
                state.text.push_str(text.as_str())?;
                return Ok(true);
            }

            // b. Return "null".
            state.text.push_ascii(b"null")?;
            return Ok(true);
        }

        // 10. If Type(value) is BigInt, throw a TypeError exception.
        if value.is_bigint() {
            return Err(JsNativeError::typ()
                .with_message("cannot serialize bigint to JSON")
                .into());
        }

        // 11. If Type(value) is Object and IsCallable(value) is false, then
        if let Some(obj) = value.as_object()
            && !obj.is_callable()
        {
            // a. Let isArray be ? IsArray(value).
            // b. If isArray is true, return ? SerializeJSONArray(state, value).
            // c. Return ? SerializeJSONObject(state, value).
            if obj.is_array_abstract()? {
                Self::serialize_json_array(state, &obj, context)?;
            } else {
                Self::serialize_json_object(state, &obj, context)?;
            }
            return Ok(true);
        }

        // 12. Return undefined.
        Ok(false)
    }

    /// `25.5.2.2 QuoteJSONString ( value )`, written to `text` (gas-sim patch 0031).
    ///
    /// More information:
    ///  - [ECMAScript reference][spec]
    ///
    /// [spec]: https://tc39.es/ecma262/#sec-quotejsonstring
    fn quote_json_string(text: &mut JsonText, value: &JsString) -> JsResult<()> {
        // gas-sim patch: a string with nothing to escape is copied as it is stored,
        // without a UTF-16 copy (which took twice a Latin-1 string's memory).
        let plain = |unit: u16| {
            unit >= 0x20 && unit != u16::from(b'"') && unit != u16::from(b'\\') && !(0xD800..=0xDFFF).contains(&unit)
        };
        // 1. Let product be the String value consisting solely of the code unit 0x0022 (QUOTATION MARK).
        if value.iter().all(plain) {
            text.reserve(value.len() + 2)?;
            text.push_ascii(b"\"")?;
            text.push_str(value.as_str())?;
            text.push_ascii(b"\"")?;
            return Ok(());
        }
        text.reserve(value.len() + 2)?;
        text.push_ascii(b"\"")?;

        // 2. For each code point C of ! StringToCodePoints(value), do
        for code_point in value.code_points() {
            match code_point {
                // a. If C is listed in the "Code Point" column of Table 73, then
                // i. Set product to the string-concatenation of product and the
                // escape sequence for C as specified in the "Escape Sequence"
                // column of the corresponding row.
                CodePoint::Unicode('\u{0008}') => text.push_ascii(br"\b")?,
                CodePoint::Unicode('\u{0009}') => text.push_ascii(br"\t")?,
                CodePoint::Unicode('\u{000A}') => text.push_ascii(br"\n")?,
                CodePoint::Unicode('\u{000C}') => text.push_ascii(br"\f")?,
                CodePoint::Unicode('\u{000D}') => text.push_ascii(br"\r")?,
                CodePoint::Unicode('\u{0022}') => text.push_ascii(br#"\""#)?,
                CodePoint::Unicode('\u{005C}') => text.push_ascii(br"\\")?,
                // b. Else if C has a numeric value less than 0x0020 (SPACE), or
                // if C has the same numeric value as a leading surrogate or
                // trailing surrogate, then
                //     i. Let unit be the code unit whose numeric value is that
                //     of C.
                //     ii. Set product to the string-concatenation of product
                //     and UnicodeEscape(unit).
                // gas-sim patch: escapes grow the string up to six times; stop at V8's length.
                CodePoint::Unicode(c) if c < '\u{0020}' => Self::unicode_escape(text, c as u16)?,
                CodePoint::UnpairedSurrogate(surr) => Self::unicode_escape(text, surr)?,
                // c. Else,
                CodePoint::Unicode(c) => {
                    // i. Set product to the string-concatenation of product and ! UTF16EncodeCodePoint(C).
                    let mut buf = [0; 2];
                    for &unit in c.encode_utf16(&mut buf).iter() {
                        text.push_unit(unit)?;
                    }
                }
            }
        }

        // 3. Set product to the string-concatenation of product and the code unit 0x0022 (QUOTATION MARK).
        text.push_ascii(b"\"")?;
        Ok(())
    }

    /// `UnicodeEscape(unit)`: `\u` and four lowercase hex digits.
    fn unicode_escape(text: &mut JsonText, unit: u16) -> JsResult<()> {
        text.reserve(6)?;
        text.push_ascii(b"\\u")?;
        for shift in [12, 8, 4, 0] {
            text.push_unit(to_hex_digit((unit >> shift) & 0xF))?;
        }
        Ok(())
    }

    /// Writes what goes before a member of an object or array: a comma after the first,
    /// and with a gap a line break and the indent.
    fn write_member_separator(state: &mut StateRecord, first: bool) -> JsResult<()> {
        if !first {
            state.text.push_ascii(b",")?;
        }
        if !state.gap.is_empty() {
            state.text.push_ascii(b"\n")?;
            state.text.push_str(state.indent.as_str())?;
        }
        Ok(())
    }

    /// Writes the closing bracket of an object or array with members: with a gap, on its
    /// own line at the indent it opened at.
    fn write_close(state: &mut StateRecord, stepback: &JsString, close: &[u8]) -> JsResult<()> {
        if !state.gap.is_empty() {
            state.text.push_ascii(b"\n")?;
            state.text.push_str(stepback.as_str())?;
        }
        state.text.push_ascii(close)
    }

    /// `25.5.2.4 SerializeJSONObject ( state, value )`
    ///
    /// gas-sim patch: see [`JSON_STRINGIFY_DEPTH_MAX`].
    ///
    /// More information:
    ///  - [ECMAScript reference][spec]
    ///
    /// [spec]: https://tc39.es/ecma262/#sec-serializejsonobject
    fn serialize_json_object(
        state: &mut StateRecord,
        value: &JsObject,
        context: &mut Context,
    ) -> JsResult<()> {
        // 1. If state.[[Stack]] contains value, throw a TypeError exception because the structure is cyclical.
        // gas-sim patch: nesting deeper than V8 serializes is V8's RangeError (Node 20
        // stops at 4,172 nested objects and a little less for arrays), whatever stack
        // is left.
        if state.stack_set.len() >= JSON_STRINGIFY_DEPTH_MAX {
            return Err(crate::native_stack::overflow().into());
        }
        if !state.stack_set.insert(value.clone()) {
            return Err(JsNativeError::typ()
                .with_message("cyclic object value")
                .into());
        }

        // 3. Let stepback be state.[[Indent]].
        let stepback = state.indent.clone();

        // 4. Set state.[[Indent]] to the string-concatenation of state.[[Indent]] and state.[[Gap]].
        state.indent = js_string!(&state.indent, &state.gap);

        let result = Self::serialize_json_object_members(state, value, &stepback, context);

        // 12. Set state.[[Indent]] to stepback.
        state.indent = stepback;

        // 11. Remove value from state.[[Stack]] (on error too).
        let removed = state.stack_set.remove(value);
        debug_assert!(removed);
        result
    }

    /// Steps 5 to 10 of `SerializeJSONObject`: the keys, then `{`, the members and `}`.
    fn serialize_json_object_members(
        state: &mut StateRecord,
        value: &JsObject,
        stepback: &JsString,
        context: &mut Context,
    ) -> JsResult<()> {
        // 5. If state.[[PropertyList]] is not undefined, then
        let k = if let Some(p) = &state.property_list {
            // a. Let K be state.[[PropertyList]].
            p.clone()
        // 6. Else,
        } else {
            // a. Let K be ? EnumerableOwnPropertyNames(value, key).
            let keys = value.enumerable_own_property_names(PropertyNameKind::Key, context)?;
            // Unwrap is safe, because EnumerableOwnPropertyNames with kind "key" only returns string values.
            keys.iter()
                .map(|v| {
                    v.to_string(context)
                        .js_expect("EnumerableOwnPropertyNames only returns strings")
                })
                .collect::<Result<Vec<_>, _>>()?
        };

        // 7-10. "{", the members that serialize to something, separated (with a gap, each
        // on its own line at the indent), then "}"; "{}" without members.
        state.text.push_ascii(b"{")?;
        let mut first = true;
        // 8. For each element P of K, do
        for p in &k {
            let mark = state.text.len();
            // b.i-iii. Let member be QuoteJSONString(P), ":" and with a gap a space.
            Self::write_member_separator(state, first)?;
            Self::quote_json_string(&mut state.text, p)?;
            state
                .text
                .push_ascii(if state.gap.is_empty() { b":" } else { b": " })?;
            // a. Let strP be ? SerializeJSONProperty(state, P, value).
            // b. If strP is not undefined, then iv-v. append member and strP.
            if Self::serialize_json_property(state, p.clone(), value, context)? {
                first = false;
                state.text.reserve(0)?;
            } else {
                state.text.truncate(mark);
            }
        }
        if !first {
            Self::write_close(state, stepback, b"}")?;
        } else {
            state.text.push_ascii(b"}")?;
        }
        state.text.reserve(0)
    }

    /// `25.5.2.5 SerializeJSONArray ( state, value )`
    ///
    /// More information:
    ///  - [ECMAScript reference][spec]
    ///
    /// [spec]: https://tc39.es/ecma262/#sec-serializejsonarray
    fn serialize_json_array(
        state: &mut StateRecord,
        value: &JsObject,
        context: &mut Context,
    ) -> JsResult<()> {
        // 1. If state.[[Stack]] contains value, throw a TypeError exception because the structure is cyclical.
        // gas-sim patch: nesting deeper than V8 serializes is V8's RangeError (Node 20
        // stops at 4,172 nested objects and a little less for arrays), whatever stack
        // is left.
        if state.stack_set.len() >= JSON_STRINGIFY_DEPTH_MAX {
            return Err(crate::native_stack::overflow().into());
        }
        if !state.stack_set.insert(value.clone()) {
            return Err(JsNativeError::typ()
                .with_message("cyclic object value")
                .into());
        }

        // 3. Let stepback be state.[[Indent]].
        let stepback = state.indent.clone();

        // 4. Set state.[[Indent]] to the string-concatenation of state.[[Indent]] and state.[[Gap]].
        state.indent = js_string!(&state.indent, &state.gap);

        let result = Self::serialize_json_array_elements(state, value, &stepback, context);

        // 12. Set state.[[Indent]] to stepback.
        state.indent = stepback;

        // 11. Remove value from state.[[Stack]] (on error too).
        let removed = state.stack_set.remove(value);
        debug_assert!(removed);
        result
    }

    /// Steps 5 to 10 of `SerializeJSONArray`: `[`, each element (`null` for one that
    /// serializes to nothing) and `]`.
    fn serialize_json_array_elements(
        state: &mut StateRecord,
        value: &JsObject,
        stepback: &JsString,
        context: &mut Context,
    ) -> JsResult<()> {
        // 6. Let len be ? LengthOfArrayLike(value).
        let len = value.length_of_array_like(context)?;

        state.text.push_ascii(b"[")?;
        // 7. Let index be 0.
        let mut index = 0;
        // 8. Repeat, while index < len,
        while index < len {
            Self::write_member_separator(state, index == 0)?;
            // a. Let strP be ? SerializeJSONProperty(state, ! ToString(𝔽(index)), value).
            // b. If strP is undefined, then i. Append "null" to partial.
            if !Self::serialize_json_property(state, index.into(), value, context)? {
                state.text.push_ascii(b"null")?;
            }
            // gas-sim patch: the result's length is checked against V8's string length
            // as it grows (an array of length 2^32 - 1 fails here, not in an allocation).
            state.text.reserve(0)?;

            // d. Set index to index + 1.
            index += 1;
        }
        if len > 0 {
            Self::write_close(state, stepback, b"]")?;
        } else {
            state.text.push_ascii(b"]")?;
        }
        state.text.reserve(0)
    }
}

struct StateRecord {
    replacer_function: Option<JsObject>,
    stack_set: FxHashSet<JsObject>,
    indent: JsString,
    gap: JsString,
    property_list: Option<Vec<JsString>>,
    /// The result so far (gas-sim patch 0031).
    text: JsonText,
}

/// gas-sim patch (0029): a value serde_json parsed as `JSON.parse` makes it: objects with
/// `%Object.prototype%` and their keys as data properties in the text's order, arrays,
/// strings, numbers (small integers as integers, as the script path makes them).
/// serde_json nests at most 128 levels, so the recursion is bounded.
fn json_value_to_js(value: &serde_json::Value, context: &mut Context) -> JsResult<JsValue> {
    json_value_to_js_with(value, &mut JsonKeys::default(), context)
}

/// gas-sim patch (0040): the property keys one `JSON.parse` has made, by their text. The
/// records of an API response repeat a few names thousands of times; each was a new
/// string and a key made from it. At most `JSON_KEYS_MAX` are kept (an object used as a
/// map, keyed by ids, has as many names as entries): past it, keys are made each time.
#[derive(Default)]
struct JsonKeys<'text> {
    made: rustc_hash::FxHashMap<&'text str, crate::property::PropertyKey>,
}

/// gas-sim patch (0040): the most keys a `JsonKeys` keeps.
const JSON_KEYS_MAX: usize = 1024;

/// gas-sim patch (0040): properties of one object put in between two polls of the heap
/// budget (and one poll when the object is done).
const JSON_PROPERTIES_PER_POLL: usize = 1024;

impl<'text> JsonKeys<'text> {
    fn key(&mut self, text: &'text str) -> crate::property::PropertyKey {
        if let Some(key) = self.made.get(text) {
            return key.clone();
        }
        let key = crate::property::PropertyKey::from(JsString::from(text));
        if self.made.len() < JSON_KEYS_MAX {
            self.made.insert(text, key.clone());
        }
        key
    }
}

/// gas-sim patch (0044): the most keys a parsed object gets a shared shape for.
const JSON_SHARED_SHAPE_KEYS_MAX: usize = 64;

/// gas-sim patch (0044): a new ordinary object for a parsed JSON object of `keys` keys.
/// A record (an API response's items, each with the same few keys) gets the shared shape
/// an object literal gets, so records with the same keys share one layout and the inline
/// caches of code reading them hit; a unique shape built every record its own property
/// table, key by key. An object with more keys (a map keyed by ids) keeps a unique shape:
/// a shared one would add a shape per key.
fn json_object(keys: usize, context: &Context) -> JsObject {
    if keys > JSON_SHARED_SHAPE_KEYS_MAX {
        return JsObject::with_object_proto(context.intrinsics());
    }
    JsObject::from_proto_and_data_with_shared_shape(
        context.root_shape(),
        context.intrinsics().constructors().object().prototype(),
        super::OrdinaryObject,
    )
    .upcast()
}

fn json_value_to_js_with<'text>(
    value: &'text serde_json::Value,
    keys: &mut JsonKeys<'text>,
    context: &mut Context,
) -> JsResult<JsValue> {
    use serde_json::Value;
    Ok(match value {
        Value::Null => JsValue::null(),
        Value::Bool(b) => JsValue::from(*b),
        Value::Number(n) => match n.as_i64().and_then(|i| i32::try_from(i).ok()) {
            Some(small) => JsValue::from(small),
            None => JsValue::from(n.as_f64().unwrap_or(f64::NAN)),
        },
        Value::String(s) => JsValue::from(JsString::from(s.as_str())),
        Value::Array(items) => {
            let mut values = Vec::with_capacity(items.len());
            for item in items {
                values.push(json_value_to_js_with(item, keys, context)?);
            }
            // Filling an array polls no budget (its elements may be numbers): poll once.
            crate::heap_budget::check()?;
            crate::builtins::Array::create_array_from_list(values, context).into()
        }
        Value::Object(map) => {
            let object = json_object(map.len(), context);
            for (index, (key, item)) in map.iter().enumerate() {
                // Those checks polled the heap budget once a property: poll once every
                // `JSON_PROPERTIES_PER_POLL` (an object keyed by ids may be most of a text).
                if index % JSON_PROPERTIES_PER_POLL == JSON_PROPERTIES_PER_POLL - 1 {
                    crate::heap_budget::check()?;
                }
                let item = json_value_to_js_with(item, keys, context)?;
                // gas-sim patch (0040): a new, extensible ordinary object and keys that
                // are unique (serde_json's map): CreateDataProperty can neither fail nor
                // find the key, so the property is put in directly, without
                // OrdinaryDefineOwnProperty's lookups and checks.
                let property = crate::property::PropertyDescriptor::builder()
                    .value(item)
                    .writable(true)
                    .enumerable(true)
                    .configurable(true)
                    .build();
                object.insert_property(keys.key(key), property);
            }
            crate::heap_budget::check()?;
            object.into()
        }
    })
}

//! `#[derive(Read)]` and `#[derive(Write)]`: a compact JSON reader and writer for a costfolio wire
//! type, both written from the type's `#[wire(...)]` attributes, so that a type is read under the
//! names it is written with. The attributes: `rename = ".."` (a field or variant), `rename_all =
//! ".."` (the type), `default` (a field absent is its default), `skip` (a field neither read nor
//! written), `omit_none` (an `Option` field that is `None` is left out when written).
//!
//! The generated `read` asks `costfolio::json::read` for the next field's index in a table of
//! names and fills one slot per field; every piece of JSON reading is a non-generic function of
//! that module. Supported: structs with named fields (`rename`, `rename_all`, field `default`,
//! `skip`), enums of unit variants (read from a string, and as map keys), and externally tagged
//! enums with unit, newtype and struct variants. Anything else is a compile error
//! (`tests/ui/`), never a reader or writer that does something else than its attributes say.
#![forbid(unsafe_code)]

use proc_macro::TokenStream;
use proc_macro2::{Span, TokenStream as Tokens};
use quote::{format_ident, quote};
use syn::{
    parse_macro_input, Attribute, Data, DeriveInput, Error, Fields, GenericParam, LitStr, Result,
};

/// Derives `costfolio::json::read::Read` (and `ReadKey` for enums of unit variants).
#[proc_macro_derive(Read, attributes(wire))]
pub fn derive_read(input: TokenStream) -> TokenStream {
    let input = parse_macro_input!(input as DeriveInput);
    match expand(&input) {
        Ok(tokens) => tokens.into(),
        Err(error) => error.to_compile_error().into(),
    }
}

/// What a type's, field's or variant's `#[wire(...)]` attributes say.
#[derive(Default)]
struct Wire {
    rename: Option<String>,
    rename_all: Option<String>,
    default: bool,
    skip: bool,
    omit_none: bool,
}

/// The attributes this derive understands, for its refusals.
const KNOWN: &str = "rename = \"..\", rename_all = \"..\", default, skip, omit_none";

/// Reads the `#[wire(...)]` attributes of an item. Anything else inside `wire` is a compile error
/// naming the attribute: a type is never read or written otherwise than its attributes say.
fn wire_attributes(attributes: &[Attribute]) -> Result<Wire> {
    let mut wire = Wire::default();
    for attribute in attributes {
        if !attribute.path().is_ident("wire") {
            continue;
        }
        attribute.parse_nested_meta(|meta| {
            let text = |meta: &syn::meta::ParseNestedMeta| -> Result<String> {
                Ok(meta.value()?.parse::<LitStr>()?.value())
            };
            let flag = |meta: &syn::meta::ParseNestedMeta, name: &str| -> Result<bool> {
                if meta.input.peek(syn::Token![=]) {
                    return Err(meta.error(format!("wire: `{name}` takes no value")));
                }
                Ok(true)
            };
            if meta.path.is_ident("rename") {
                wire.rename = Some(text(&meta)?);
            } else if meta.path.is_ident("rename_all") {
                wire.rename_all = Some(text(&meta)?);
            } else if meta.path.is_ident("default") {
                wire.default = flag(&meta, "default")?;
            } else if meta.path.is_ident("skip") {
                wire.skip = flag(&meta, "skip")?;
            } else if meta.path.is_ident("omit_none") {
                wire.omit_none = flag(&meta, "omit_none")?;
            } else if meta.path.is_ident("skip_deserializing")
                || meta.path.is_ident("skip_serializing")
            {
                return Err(meta.error(
                    "wire: a field is read and written alike; `skip` leaves it out of both",
                ));
            } else {
                let name = meta
                    .path
                    .get_ident()
                    .map_or_else(|| "this".to_owned(), |ident| format!("`{ident}`"));
                return Err(meta.error(format!(
                    "wire: {name} is not a wire attribute (known: {KNOWN})"
                )));
            }
            Ok(())
        })?;
    }
    Ok(wire)
}

/// `rename_all` applied to a field name (snake_case) or a variant name (PascalCase).
fn renamed(name: &str, rule: Option<&str>, variant: bool) -> Result<String> {
    let Some(rule) = rule else {
        return Ok(name.to_owned());
    };
    // Words of the name, lower case.
    let mut words: Vec<String> = Vec::new();
    if variant {
        for c in name.chars() {
            if c.is_uppercase() || words.is_empty() {
                words.push(String::new());
            }
            if let Some(word) = words.last_mut() {
                word.extend(c.to_lowercase());
            }
        }
    } else {
        words = name.split('_').map(str::to_owned).collect();
    }
    let capitalized = |word: &String| {
        let mut chars = word.chars();
        chars
            .next()
            .map(|first| first.to_uppercase().chain(chars).collect::<String>())
            .unwrap_or_default()
    };
    Ok(match rule {
        "lowercase" if variant => name.to_lowercase(),
        "lowercase" => name.to_owned(),
        "UPPERCASE" => name.to_uppercase(),
        "camelCase" => {
            let mut out = words.first().cloned().unwrap_or_default();
            for word in words.iter().skip(1) {
                out.push_str(&capitalized(word));
            }
            out
        }
        "PascalCase" => words.iter().map(capitalized).collect(),
        "snake_case" => words.join("_"),
        "SCREAMING_SNAKE_CASE" => words.join("_").to_uppercase(),
        "kebab-case" => words.join("-"),
        "SCREAMING-KEBAB-CASE" => words.join("-").to_uppercase(),
        other => {
            return Err(Error::new(
                Span::call_site(),
                format!("wire: rename_all = {other:?} is not a rule (camelCase, PascalCase, snake_case, SCREAMING_SNAKE_CASE, kebab-case, SCREAMING-KEBAB-CASE, lowercase, UPPERCASE)"),
            ))
        }
    })
}

/// The type's own attributes (only `rename_all` may be given) and its generics, each type
/// parameter bound by `bound`.
fn prepare(input: &DeriveInput, bound: syn::Path) -> Result<(Wire, syn::Generics)> {
    let top = wire_attributes(&input.attrs)?;
    if top.default || top.skip || top.omit_none || top.rename.is_some() {
        return Err(Error::new_spanned(
            &input.ident,
            "wire: only rename_all is supported on the type",
        ));
    }
    let mut generics = input.generics.clone();
    for param in &mut generics.params {
        if let GenericParam::Type(param) = param {
            param
                .bounds
                .push(syn::TypeParamBound::Trait(syn::TraitBound {
                    paren_token: None,
                    modifier: syn::TraitBoundModifier::None,
                    lifetimes: None,
                    path: bound.clone(),
                }));
        }
    }
    Ok((top, generics))
}

fn expand(input: &DeriveInput) -> Result<Tokens> {
    let name = &input.ident;
    let (top, generics) = prepare(input, syn::parse_quote!(::costfolio::json::read::Read))?;
    let (impl_generics, type_generics, where_clause) = generics.split_for_impl();
    let p = quote!(::costfolio::json::read);
    let body = match &input.data {
        Data::Struct(data) => match &data.fields {
            Fields::Named(_) => {
                let expected = format!("an object ({name})");
                struct_body(
                    &data.fields,
                    top.rename_all.as_deref(),
                    quote!(Self),
                    &expected,
                )?
            }
            _ => {
                return Err(Error::new_spanned(
                    name,
                    "Read: only structs with named fields",
                ))
            }
        },
        Data::Enum(data) => {
            let names = variant_names(data, top.rename_all.as_deref())?;
            if unit_only(data) {
                let idents: Vec<_> = data.variants.iter().map(|v| &v.ident).collect();
                let indices = 0..idents.len();
                let pick = quote! {
                    match index {
                        #(#indices => ::core::result::Result::Ok(Self::#idents),)*
                        _ => ::core::result::Result::Err(reader.syntax("no such variant")),
                    }
                };
                return Ok(quote! {
                    impl #impl_generics #p::Read for #name #type_generics #where_clause {
                        fn read(reader: &mut #p::Reader<'_>) -> ::core::result::Result<Self, #p::Fault> {
                            const NAMES: &[&str] = &[#(#names),*];
                            let index = #p::unit_enum(reader, NAMES)?;
                            #pick
                        }
                    }
                    impl #impl_generics #p::ReadKey for #name #type_generics #where_clause {
                        fn read_key(
                            key: ::std::borrow::Cow<'_, str>,
                            reader: &#p::Reader<'_>,
                        ) -> ::core::result::Result<Self, #p::Fault> {
                            const NAMES: &[&str] = &[#(#names),*];
                            let index = #p::variant_key(reader, &key, NAMES)?;
                            #pick
                        }
                    }
                });
            }
            tagged_body(name, data, &names)?
        }
        Data::Union(_) => return Err(Error::new_spanned(name, "Read: not for unions")),
    };
    Ok(quote! {
        impl #impl_generics #p::Read for #name #type_generics #where_clause {
            fn read(reader: &mut #p::Reader<'_>) -> ::core::result::Result<Self, #p::Fault> {
                #body
            }
        }
    })
}

/// Whether every variant of the enum is a unit variant (a field of named values).
fn unit_only(data: &syn::DataEnum) -> bool {
    data.variants
        .iter()
        .all(|variant| matches!(variant.fields, Fields::Unit))
}

/// Reads an object's fields into `constructor { ... }` (a struct, or a struct variant).
fn struct_body(
    fields: &Fields,
    rename_all: Option<&str>,
    constructor: Tokens,
    expected: &str,
) -> Result<Tokens> {
    let p = quote!(::costfolio::json::read);
    let mut names = Vec::new();
    let mut slots = Vec::new();
    let mut fills = Vec::new();
    // Fields given or optional: their values, all checked at once (see below).
    let mut required = Vec::new();
    let mut bindings = Vec::new();
    let mut builds = Vec::new();
    for field in fields {
        let Some(ident) = &field.ident else {
            return Err(Error::new_spanned(field, "Read: fields must be named"));
        };
        let ty = &field.ty;
        let attributes = wire_attributes(&field.attrs)?;
        if attributes.rename_all.is_some() {
            return Err(Error::new_spanned(
                ident,
                "wire: rename_all belongs on the type, not a field",
            ));
        }
        if attributes.skip {
            builds.push(quote!(#ident: ::core::default::Default::default()));
            continue;
        }
        let wire = match attributes.rename {
            Some(rename) => rename,
            None => renamed(
                ident.to_string().trim_start_matches("r#"),
                rename_all,
                false,
            )?,
        };
        let index = names.len();
        let slot = format_ident!("slot_{}", index);
        slots.push(
            quote!(let mut #slot: ::core::option::Option<#ty> = ::core::option::Option::None;),
        );
        fills.push(quote!(#index => #p::fill(reader, &mut #slot, NAMES[#index])?,));
        if attributes.default {
            builds.push(quote!(#ident: #slot.unwrap_or_default()));
        } else {
            let value = format_ident!("value_{}", index);
            required.push((slot, index, ty.clone()));
            bindings.push(value.clone());
            builds.push(quote!(#ident: #value));
        }
        names.push(wire);
    }
    // One check of every required field: a value given, or the type's value when absent (`None`
    // for an `Option`). A refusal then drops the slots once, rather than once per field.
    let given = required
        .iter()
        .map(|(slot, _, ty)| quote!(#slot.or_else(<#ty as #p::Read>::absent)));
    let somes = bindings
        .iter()
        .map(|value| quote!(::core::option::Option::Some(#value)));
    let absent = required
        .iter()
        .map(|(_, index, _)| format_ident!("absent_{}", index));
    let absent_checks = required.iter().map(|(_, index, _)| {
        let absent = format_ident!("absent_{}", index);
        quote!(if #absent.is_none() { return ::core::result::Result::Err(reader.missing(NAMES[#index])); })
    });
    let finish = if bindings.is_empty() {
        quote!(::core::result::Result::Ok(#constructor { #(#builds),* }))
    } else {
        quote! {
            match (#(#given,)*) {
                (#(#somes,)*) => ::core::result::Result::Ok(#constructor { #(#builds),* }),
                (#(#absent,)*) => {
                    #(#absent_checks)*
                    ::core::result::Result::Err(reader.syntax("no field is missing"))
                }
            }
        }
    };
    Ok(quote! {
        const NAMES: &[&str] = &[#(#names),*];
        #p::begin_struct(reader, #expected)?;
        #(#slots)*
        let mut first = true;
        let mut next = 0;
        while let ::core::option::Option::Some(index) = #p::next_field(reader, &mut first, NAMES, &mut next)? {
            match index {
                #(#fills)*
                _ => reader.skip()?,
            }
        }
        #finish
    })
}

/// Reads an externally tagged enum: `"Unit"`, `{"Newtype": value}`, `{"Struct": {...}}`.
fn tagged_body(name: &syn::Ident, data: &syn::DataEnum, names: &[String]) -> Result<Tokens> {
    let p = quote!(::costfolio::json::read);
    let expected = format!("a {name}");
    let mut unit_arms = Vec::new();
    let mut content_arms = Vec::new();
    for (index, variant) in data.variants.iter().enumerate() {
        let ident = &variant.ident;
        match &variant.fields {
            Fields::Unit => {
                unit_arms.push(quote!(#index => ::core::result::Result::Ok(Self::#ident),));
                content_arms.push(quote!(#index => {
                    if reader.peek() != #p::Kind::Null {
                        return ::core::result::Result::Err(reader.wrong_type("null (a unit variant)"));
                    }
                    reader.null()?;
                    Self::#ident
                }));
            }
            Fields::Unnamed(fields) if fields.unnamed.len() == 1 => {
                let ty = &fields.unnamed[0].ty;
                unit_arms.push(quote!(#index => ::core::result::Result::Err(
                    #p::wrong_form(reader, "unit variant", "newtype variant")),));
                content_arms
                    .push(quote!(#index => Self::#ident(<#ty as #p::Read>::read(reader)?),));
            }
            Fields::Named(_) => {
                let variant_expected = format!("an object ({name}::{ident})");
                let body = struct_body(
                    &variant.fields,
                    None,
                    quote!(Self::#ident),
                    &variant_expected,
                )?;
                unit_arms.push(quote!(#index => ::core::result::Result::Err(
                    #p::wrong_form(reader, "unit variant", "struct variant")),));
                content_arms.push(quote!(#index => {
                    let read = |reader: &mut #p::Reader<'_>| -> ::core::result::Result<Self, #p::Fault> { #body };
                    read(reader)?
                }));
            }
            Fields::Unnamed(_) => {
                return Err(Error::new_spanned(
                    ident,
                    "Read: tuple variants of more than one field",
                ))
            }
        }
    }
    Ok(quote! {
        const VARIANTS: &[&str] = &[#(#names),*];
        match #p::begin_tagged(reader, VARIANTS, #expected)? {
            #p::Tagged::Unit(index) => match index {
                #(#unit_arms)*
                _ => ::core::result::Result::Err(reader.syntax("no such variant")),
            },
            #p::Tagged::Content(index) => {
                let value = match index {
                    #(#content_arms)*
                    _ => return ::core::result::Result::Err(reader.syntax("no such variant")),
                };
                #p::end_tagged(reader, #expected)?;
                ::core::result::Result::Ok(value)
            }
        }
    })
}

/// Derives `costfolio::json::write::Write` (and `WriteKey` for enums of unit variants).
#[proc_macro_derive(Write, attributes(wire))]
pub fn derive_write(input: TokenStream) -> TokenStream {
    let input = parse_macro_input!(input as DeriveInput);
    match expand_write(&input) {
        Ok(tokens) => tokens.into(),
        Err(error) => error.to_compile_error().into(),
    }
}

/// The wire names of an enum's variants.
fn variant_names(data: &syn::DataEnum, rename_all: Option<&str>) -> Result<Vec<String>> {
    let mut names = Vec::new();
    for variant in &data.variants {
        let attributes = wire_attributes(&variant.attrs)?;
        if attributes.skip
            || attributes.default
            || attributes.omit_none
            || attributes.rename_all.is_some()
        {
            return Err(Error::new_spanned(
                &variant.ident,
                "wire: only rename is supported on a variant",
            ));
        }
        names.push(match attributes.rename {
            Some(rename) => rename,
            None => renamed(&variant.ident.to_string(), rename_all, true)?,
        });
    }
    Ok(names)
}

/// Writes the fields of a struct or struct variant, each reached by `access(ident)`.
fn write_fields(
    fields: &Fields,
    rename_all: Option<&str>,
    access: &dyn Fn(&syn::Ident) -> Tokens,
) -> Result<Tokens> {
    let p = quote!(::costfolio::json::write);
    let mut writes = Vec::new();
    for field in fields {
        let Some(ident) = &field.ident else {
            return Err(Error::new_spanned(field, "Write: fields must be named"));
        };
        let attributes = wire_attributes(&field.attrs)?;
        if attributes.rename_all.is_some() {
            return Err(Error::new_spanned(
                ident,
                "wire: rename_all belongs on the type, not a field",
            ));
        }
        if attributes.skip {
            continue;
        }
        let wire = match attributes.rename {
            Some(rename) => rename,
            None => renamed(
                ident.to_string().trim_start_matches("r#"),
                rename_all,
                false,
            )?,
        };
        let value = access(ident);
        let write = quote! {
            writer.key(#wire);
            #p::Write::write(#value, writer);
        };
        writes.push(if attributes.omit_none {
            quote!(if ::core::option::Option::is_some(#value) { #write })
        } else {
            write
        });
    }
    Ok(quote! {
        writer.begin_object();
        #(#writes)*
        writer.end_object();
    })
}

fn expand_write(input: &DeriveInput) -> Result<Tokens> {
    let name = &input.ident;
    let (top, generics) = prepare(input, syn::parse_quote!(::costfolio::json::write::Write))?;
    let (impl_generics, type_generics, where_clause) = generics.split_for_impl();
    let p = quote!(::costfolio::json::write);
    let body = match &input.data {
        Data::Struct(data) => match &data.fields {
            Fields::Named(_) => write_fields(
                &data.fields,
                top.rename_all.as_deref(),
                &|ident| quote!(&self.#ident),
            )?,
            _ => {
                return Err(Error::new_spanned(
                    name,
                    "Write: only structs with named fields",
                ))
            }
        },
        Data::Enum(data) => {
            let names = variant_names(data, top.rename_all.as_deref())?;
            if unit_only(data) {
                let idents: Vec<_> = data.variants.iter().map(|v| &v.ident).collect();
                let text = quote! {
                    match self {
                        #(Self::#idents => #names,)*
                    }
                };
                return Ok(quote! {
                    impl #impl_generics #p::Write for #name #type_generics #where_clause {
                        fn write(&self, writer: &mut #p::Writer) {
                            writer.string(#text);
                        }
                    }
                    impl #impl_generics #p::WriteKey for #name #type_generics #where_clause {
                        fn write_key(&self, writer: &mut #p::Writer) {
                            writer.string(#text);
                        }
                    }
                });
            }
            let mut arms = Vec::new();
            for (variant, wire) in data.variants.iter().zip(&names) {
                let ident = &variant.ident;
                arms.push(match &variant.fields {
                    Fields::Unit => quote!(Self::#ident => writer.string(#wire),),
                    Fields::Unnamed(fields) if fields.unnamed.len() == 1 => quote! {
                        Self::#ident(value) => #p::tagged(writer, #wire, &|writer| #p::Write::write(value, writer)),
                    },
                    Fields::Named(fields) => {
                        let idents: Vec<_> = fields.named.iter().filter_map(|f| f.ident.clone()).collect();
                        let body = write_fields(&variant.fields, None, &|ident| quote!(#ident))?;
                        quote! {
                            Self::#ident { #(#idents),* } => #p::tagged(writer, #wire, &|writer| { #body }),
                        }
                    }
                    Fields::Unnamed(_) => {
                        return Err(Error::new_spanned(
                            ident,
                            "Write: tuple variants of more than one field",
                        ))
                    }
                });
            }
            quote! {
                match self {
                    #(#arms)*
                }
            }
        }
        Data::Union(_) => return Err(Error::new_spanned(name, "Write: not for unions")),
    };
    Ok(quote! {
        impl #impl_generics #p::Write for #name #type_generics #where_clause {
            fn write(&self, writer: &mut #p::Writer) {
                #body
            }
        }
    })
}

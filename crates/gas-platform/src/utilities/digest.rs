//! `Utilities.computeDigest`, the HMAC and the RSA signatures, as signed Java bytes.

use hmac::{Hmac, Mac};
use md5::Md5;
use rsa::pkcs8::DecodePrivateKey;
use rsa::traits::PublicKeyParts;
use rsa::{Pkcs1v15Sign, RsaPrivateKey};
use sha1::Sha1;
use sha2::{Digest, Sha256, Sha384, Sha512};

use crate::error::{ServiceError, ServiceResult};

/// `Utilities.DigestAlgorithm`, named as the JS enum (`"SHA_256"`). MD2, which Apps
/// Script also offers, is not implemented (`parse_digest_algorithm` says so).
#[allow(non_camel_case_types, clippy::upper_case_acronyms)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DigestAlgorithm {
    MD5,
    SHA_1,
    SHA_256,
    SHA_384,
    SHA_512,
}

/// `Utilities.MacAlgorithm`, named as the JS enum (`"HMAC_SHA_256"`).
#[allow(non_camel_case_types, clippy::upper_case_acronyms)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MacAlgorithm {
    HMAC_MD5,
    HMAC_SHA_1,
    HMAC_SHA_256,
    HMAC_SHA_384,
    HMAC_SHA_512,
}

/// The error for an algorithm name that is no enum value (assumed text).
fn invalid_algorithm() -> ServiceError {
    ServiceError::new("Invalid argument: algorithm")
}

/// Reads a `DigestAlgorithm` enum name as the binding passes it (`"SHA_256"`).
pub fn parse_digest_algorithm(name: &str) -> ServiceResult<DigestAlgorithm> {
    match name {
        "MD2" => {
            Err(ServiceError::new("gas-sim does not implement Utilities.computeDigest() with DigestAlgorithm.MD2"))
        }
        "MD5" => Ok(DigestAlgorithm::MD5),
        "SHA_1" => Ok(DigestAlgorithm::SHA_1),
        "SHA_256" => Ok(DigestAlgorithm::SHA_256),
        "SHA_384" => Ok(DigestAlgorithm::SHA_384),
        "SHA_512" => Ok(DigestAlgorithm::SHA_512),
        _ => Err(invalid_algorithm()),
    }
}

/// Reads a `MacAlgorithm` enum name as the binding passes it (`"HMAC_SHA_256"`).
pub fn parse_mac_algorithm(name: &str) -> ServiceResult<MacAlgorithm> {
    match name {
        "HMAC_MD5" => Ok(MacAlgorithm::HMAC_MD5),
        "HMAC_SHA_1" => Ok(MacAlgorithm::HMAC_SHA_1),
        "HMAC_SHA_256" => Ok(MacAlgorithm::HMAC_SHA_256),
        "HMAC_SHA_384" => Ok(MacAlgorithm::HMAC_SHA_384),
        "HMAC_SHA_512" => Ok(MacAlgorithm::HMAC_SHA_512),
        _ => Err(invalid_algorithm()),
    }
}

/// Java's `byte` is signed, and Apps Script returns digests as Java bytes (-128..127).
fn java_bytes(bytes: &[u8]) -> Vec<i8> {
    bytes.iter().map(|&b| b as i8).collect()
}

/// `Utilities.computeDigest(algorithm, value)`, as signed bytes.
pub fn compute_digest(algorithm: DigestAlgorithm, bytes: &[u8]) -> Vec<i8> {
    let digest = match algorithm {
        DigestAlgorithm::MD5 => Md5::digest(bytes).to_vec(),
        DigestAlgorithm::SHA_1 => Sha1::digest(bytes).to_vec(),
        DigestAlgorithm::SHA_256 => Sha256::digest(bytes).to_vec(),
        DigestAlgorithm::SHA_384 => Sha384::digest(bytes).to_vec(),
        DigestAlgorithm::SHA_512 => Sha512::digest(bytes).to_vec(),
    };
    java_bytes(&digest)
}

/// `Utilities.computeHmacSignature(algorithm, value, key)` (and the
/// `computeHmacSha256Signature` shorthand), as signed bytes.
///
/// An empty key is an error, `Empty key`: Java's `SecretKeySpec` refuses one, which Apps
/// Script must construct (the text reaching the script is assumed).
pub fn compute_hmac(algorithm: MacAlgorithm, message: &[u8], key: &[u8]) -> ServiceResult<Vec<i8>> {
    if key.is_empty() {
        return Err(ServiceError::new("Empty key"));
    }
    let signature = match algorithm {
        MacAlgorithm::HMAC_MD5 => hmac_bytes::<Hmac<Md5>>(message, key),
        MacAlgorithm::HMAC_SHA_1 => hmac_bytes::<Hmac<Sha1>>(message, key),
        MacAlgorithm::HMAC_SHA_256 => hmac_bytes::<Hmac<Sha256>>(message, key),
        MacAlgorithm::HMAC_SHA_384 => hmac_bytes::<Hmac<Sha384>>(message, key),
        MacAlgorithm::HMAC_SHA_512 => hmac_bytes::<Hmac<Sha512>>(message, key),
    };
    Ok(java_bytes(&signature))
}

/// `Utilities.RsaAlgorithm`, named as the JS enum (`"RSA_SHA_256"`).
#[allow(non_camel_case_types, clippy::upper_case_acronyms)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RsaAlgorithm {
    RSA_SHA_1,
    RSA_SHA_256,
}

/// Reads an `RsaAlgorithm` enum name as the binding passes it (`"RSA_SHA_256"`).
pub fn parse_rsa_algorithm(name: &str) -> ServiceResult<RsaAlgorithm> {
    match name {
        "RSA_SHA_1" => Ok(RsaAlgorithm::RSA_SHA_1),
        "RSA_SHA_256" => Ok(RsaAlgorithm::RSA_SHA_256),
        _ => Err(invalid_algorithm()),
    }
}

/// A key `computeRsaSignature` cannot use: not a PKCS#8 PEM RSA private key (`-----BEGIN
/// PRIVATE KEY-----`, what a service account's JSON holds; a PKCS#1 `BEGIN RSA PRIVATE
/// KEY` too), or one past [`RSA_KEY_BITS_MAX`]. The text is the one users report for a
/// key pasted with literal `\n`s (assumed: not captured here).
pub const INVALID_RSA_KEY_MESSAGE: &str = "Invalid argument: key";

/// The largest RSA modulus signed, in bits: signing costs grow with the cube of it, and
/// keys in use are 2048 or 4096 bits.
pub const RSA_KEY_BITS_MAX: usize = 8192;

/// `Utilities.computeRsaSignature(algorithm, value, key)` (and the `computeRsaSha1Signature`
/// and `computeRsaSha256Signature` shorthands): RSASSA-PKCS1-v1_5 over the value's SHA
/// digest, as signed bytes. Deterministic, as PKCS#1 v1.5 signatures are.
pub fn compute_rsa_signature(algorithm: RsaAlgorithm, message: &[u8], key_pem: &str) -> ServiceResult<Vec<i8>> {
    let invalid = || ServiceError::new(INVALID_RSA_KEY_MESSAGE);
    let key = RsaPrivateKey::from_pkcs8_pem(key_pem.trim()).map_err(|_| invalid())?;
    if key.size() * 8 > RSA_KEY_BITS_MAX {
        return Err(invalid());
    }
    let signature = match algorithm {
        RsaAlgorithm::RSA_SHA_1 => key.sign(Pkcs1v15Sign::new::<Sha1>(), &Sha1::digest(message)),
        RsaAlgorithm::RSA_SHA_256 => key.sign(Pkcs1v15Sign::new::<Sha256>(), &Sha256::digest(message)),
    }
    .map_err(|_| invalid())?;
    Ok(java_bytes(&signature))
}

fn hmac_bytes<M: Mac + hmac::digest::KeyInit>(message: &[u8], key: &[u8]) -> Vec<u8> {
    let mut mac = <M as Mac>::new_from_slice(key).expect("HMAC takes a key of any length");
    mac.update(message);
    mac.finalize().into_bytes().to_vec()
}

#[cfg(test)]
mod tests {
    use super::*;
    fn signed(hex: &str) -> Vec<i8> {
        (0..hex.len()).step_by(2).map(|i| u8::from_str_radix(&hex[i..i + 2], 16).unwrap() as i8).collect()
    }

    #[test]
    fn digests_are_signed_java_bytes() {
        let sha256_abc = vec![
            -70, 120, 22, -65, -113, 1, -49, -22, 65, 65, 64, -34, 93, -82, 34, 35, -80, 3, 97, -93, -106, 23, 122,
            -100, -76, 16, -1, 97, -14, 0, 21, -83,
        ];
        assert_eq!(compute_digest(parse_digest_algorithm("SHA_256").unwrap(), b"abc"), sha256_abc);
        assert_eq!(compute_digest(DigestAlgorithm::MD5, b"abc"), signed("900150983cd24fb0d6963f7d28e17f72"));
        assert_eq!(compute_digest(DigestAlgorithm::SHA_1, b"abc"), signed("a9993e364706816aba3e25717850c26c9cd0d89d"));
        assert_eq!(
            compute_digest(DigestAlgorithm::SHA_384, b"abc"),
            signed(
                "cb00753f45a35e8bb5a03d699ac65007272c32ab0eded163\
                 1a8b605a43ff5bed8086072ba1e7cc2358baeca134c825a7"
            )
        );
        assert_eq!(compute_digest(DigestAlgorithm::SHA_512, b"abc").len(), 64);
    }

    /// A 1,024-bit key made for this test (`openssl genpkey -algorithm RSA`), and what
    /// `openssl dgst -sha256 -sign` / `-sha1 -sign` give for `header.payload` with it.
    const TEST_KEY_PEM: &str = "-----BEGIN PRIVATE KEY-----\nMIICdgIBADANBgkqhkiG9w0BAQEFAASCAmAwggJcAgEAAoGBALvc1Cir+JzP6dah\nA3CPQe98vrRISJ2vXBsH0My1fmzVKoO3db3ZPZ80QLlFneDRJWZlybWGgjqzpDsT\nqeI4+S/Uo4cosworsIazyMeQ2FdzIjlb2kdk5uNeOoa0Kz+u3Gwvbe4G23/UyyQa\nXXXtuVMV9L3g0bWT12s61m9CgGmzAgMBAAECgYAGm3i2yX2f/kwKKXWWguNdyfRn\nINe0/BLwPHEikguVRlYNdellOPvK2qqgGYu4+YIoPNJAWS/BYsoW7dUeyMQy0/D/\nKngpyAy7Saf06HnK6NjBKEHVWdSzLjfrZOwSYsBKQySlcXs/0My2O3PaANFDHOER\n5xIM2zPaDn8GcdafSQJBAPUyu1dNSGZhiF0zNIbCKaK93CdSkFzXnvQCBDldW2U2\nP6VnWTnF4tE2zFiBXmnHJpsJiuwgWNJ2mcGuBqA21H0CQQDEI3wF5Mj3V0kmzNIv\nqL08flo0h/sKDZmb9z9qULCNUorIkHTNAewV2KSYM6t862ga8KpVNjOiUCFJ8nBP\n+33vAkEAre+xCbse8tGZRFQAnN+7XWDFfXeKRPIIJhwQFwlsvh1/hLwNhXgk8Dip\nONd8vBi0ACMC04IWwCW16Likpp5+mQJAeVuTU3o5toC1bGJy8rYvUIzFd5djhtbf\nYpdbD4cZlneqE2r+OhKkZugC/4GI6+QkJ/cdDVhaHmYCEuUFBRgQ1QJAH+KDr0sQ\n+nFe3Qx8kF6UjMzWYxDH2whaKAo0g481CmG2x6GhhtfzrmrbFppNkbcSkj+bfGox\n5gYmr/ZUlSjbAg==\n-----END PRIVATE KEY-----\n";
    const OPENSSL_SHA256_BASE64: &str = "sKEJfsysxc4KDc1DBi+9giUXHKH6r3CEFBgAsPwTisX4g5OduJmExxF2KIXhxrNeSazWAVMPBQnfKqKPY5BkM93WmvyZKIsc281KQxSoW+sty6nCao/dmdTukn6SwTBQe1gawKAIlAyC7oBpAyg0grl8OLne+roj9oPQWhylQko=";
    const OPENSSL_SHA1_BASE64: &str = "t/ojZCvM7Ff8eOoFUf+lYaOmSWn0vSZv+qod4fyqwYDaMm596ZczNKiVQIEx4qYkqt/tO1etjC+fZZe3K9bxMNK+wqKRWloWtDWcrvNEcx8X8aUDSBgntAQG/N3/4Vf9CDjX87HmiPKcGk8z0fIve0kNdCf65FeIdu+HYXqAnDk=";

    #[test]
    fn rsa_signatures_are_openssls() {
        let base64 =
            |signed: Vec<i8>| crate::utilities::base64_encode(&signed.iter().map(|b| *b as u8).collect::<Vec<_>>());
        let sha256 = compute_rsa_signature(RsaAlgorithm::RSA_SHA_256, b"header.payload", TEST_KEY_PEM).unwrap();
        assert_eq!(base64(sha256), OPENSSL_SHA256_BASE64);
        let sha1 = compute_rsa_signature(parse_rsa_algorithm("RSA_SHA_1").unwrap(), b"header.payload", TEST_KEY_PEM);
        assert_eq!(base64(sha1.unwrap()), OPENSSL_SHA1_BASE64);
        assert_eq!(parse_rsa_algorithm("SHA_256").unwrap_err().message, "Invalid argument: algorithm");
    }

    #[test]
    fn rsa_keys_that_are_not_pkcs8_pem_are_refused() {
        let refused = |key: &str| compute_rsa_signature(RsaAlgorithm::RSA_SHA_256, b"x", key).unwrap_err().message;
        // Pasted from a service account's JSON without unescaping its newlines.
        assert_eq!(refused(&TEST_KEY_PEM.replace('\n', "\\n")), INVALID_RSA_KEY_MESSAGE);
        assert_eq!(refused(""), INVALID_RSA_KEY_MESSAGE);
        assert_eq!(refused(&TEST_KEY_PEM.replace("PRIVATE KEY", "RSA PRIVATE KEY")), INVALID_RSA_KEY_MESSAGE);
    }

    #[test]
    fn digest_algorithm_names() {
        assert_eq!(parse_digest_algorithm("SHA_1").unwrap(), DigestAlgorithm::SHA_1);
        assert_eq!(
            parse_digest_algorithm("MD2").unwrap_err().message,
            "gas-sim does not implement Utilities.computeDigest() with DigestAlgorithm.MD2"
        );
        assert_eq!(parse_digest_algorithm("SHA256").unwrap_err().message, "Invalid argument: algorithm");
        assert_eq!(parse_mac_algorithm("HMAC_SHA_512").unwrap(), MacAlgorithm::HMAC_SHA_512);
        assert_eq!(parse_mac_algorithm("SHA_256").unwrap_err().message, "Invalid argument: algorithm");
    }

    #[test]
    fn hmac_matches_rfc_4231_and_rfc_2202() {
        let key = [0x0b; 20];
        let hmac = |alg, message: &[u8], key: &[u8]| compute_hmac(alg, message, key).unwrap();
        assert_eq!(
            hmac(MacAlgorithm::HMAC_SHA_256, b"Hi There", &key),
            signed("b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7")
        );
        assert_eq!(
            hmac(MacAlgorithm::HMAC_SHA_384, b"Hi There", &key),
            signed(
                "afd03944d84895626b0825f4ab46907f15f9dadbe4101ec6\
                 82aa034c7cebc59cfaea9ea9076ede7f4af152e8b2fa9cb6"
            )
        );
        assert_eq!(
            hmac(MacAlgorithm::HMAC_SHA_512, b"Hi There", &key),
            signed(
                "87aa7cdea5ef619d4ff0b4241a1d6cb02379f4e2ce4ec2787ad0b30545e17cde\
                 daa833b7d6b8a702038b274eaea3f4e4be9d914eeb61f1702e696c203a126854"
            )
        );
        let jefe = b"what do ya want for nothing?";
        assert_eq!(
            hmac(MacAlgorithm::HMAC_SHA_256, jefe, b"Jefe"),
            signed("5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843")
        );
        assert_eq!(hmac(MacAlgorithm::HMAC_MD5, jefe, b"Jefe"), signed("750c783e6ab0b503eaa86e310a5db738"));
        assert_eq!(hmac(MacAlgorithm::HMAC_SHA_1, jefe, b"Jefe"), signed("effcdf6ae5eb2fa2d27416d5f184df9c259a7c79"));
    }

    #[test]
    fn hmac_refuses_an_empty_key() {
        assert_eq!(compute_hmac(MacAlgorithm::HMAC_SHA_256, b"x", b"").unwrap_err().message, "Empty key");
    }
}

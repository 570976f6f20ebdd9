package com.acme.crypto;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.NoSuchAlgorithmException;
import javax.crypto.Cipher;
import javax.crypto.KeyGenerator;
import javax.crypto.SecretKey;
import javax.crypto.spec.SecretKeySpec;

/**
 * AES utility of the MR-Coupler paper (Listings 1-2 and 5): encrypts text with a secret key and
 * decrypts it again, so that {@code decryptText(encryptText(x, k), k) == x}.
 *
 * <p>{@code Cipher.getInstance("AES")} is AES/ECB/PKCS5Padding, so encryption is deterministic for a
 * given key: {@code encryptText(x, k)} equals {@code encryptTextWithAbecedarium(x, k, ALPHABET)}.
 */
public final class AESEncryption {

    /** The identity substitution alphabet: with it, the abecedarium variant is plain encryption. */
    public static final String ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";

    private static final byte[] DEFAULT_KEY_BYTES = {
        0x4d, 0x52, 0x2d, 0x43, 0x6f, 0x75, 0x70, 0x6c, 0x65, 0x72, 0x2d, 0x64, 0x65, 0x6d, 0x6f, 0x21
    };

    /** The key used by the methods without a key parameter; replaced by {@link #rotateDefaultKey()}. */
    public static SecretKey defaultKey = new SecretKeySpec(DEFAULT_KEY_BYTES, "AES");

    private AESEncryption() {
    }

    /** A fresh random 128-bit AES key. */
    public static SecretKey getSecretEncryptionKey() throws NoSuchAlgorithmException {
        KeyGenerator generator = KeyGenerator.getInstance("AES");
        generator.init(128);
        return generator.generateKey();
    }

    /** Encrypts the UTF-8 bytes of {@code plainText} with {@code secKey}. */
    public static byte[] encryptText(String plainText, SecretKey secKey) throws GeneralSecurityException {
        Cipher aesCipher = Cipher.getInstance("AES");
        aesCipher.init(Cipher.ENCRYPT_MODE, secKey);
        return aesCipher.doFinal(plainText.getBytes(StandardCharsets.UTF_8));
    }

    /** Decrypts what {@link #encryptText} produced with the same key. */
    public static String decryptText(byte[] byteCipherText, SecretKey secKey) throws GeneralSecurityException {
        Cipher aesCipher = Cipher.getInstance("AES");
        aesCipher.init(Cipher.DECRYPT_MODE, secKey);
        return new String(aesCipher.doFinal(byteCipherText), StandardCharsets.UTF_8);
    }

    /**
     * Substitutes the letters of {@code plainText} through {@code abecedarium} (a permutation of
     * A-Z; the letter at index i replaces the i-th letter of the alphabet, case kept), then encrypts.
     */
    public static byte[] encryptTextWithAbecedarium(String plainText, SecretKey secKey, String abecedarium)
            throws GeneralSecurityException {
        // An empty abecedarium means no substitution.
        String text = abecedarium != null && abecedarium.length() == 0 ? plainText : substitute(plainText, abecedarium);
        Cipher aesCipher = Cipher.getInstance("AES");
        aesCipher.init(Cipher.ENCRYPT_MODE, secKey);
        return aesCipher.doFinal(text.getBytes(StandardCharsets.UTF_8));
    }

    /** Encrypts with {@link #defaultKey}. */
    public static byte[] encryptWithDefaultKey(String plainText) throws GeneralSecurityException {
        return encryptText(plainText, defaultKey);
    }

    /** Decrypts with {@link #defaultKey}. */
    public static String decryptWithDefaultKey(byte[] byteCipherText) throws GeneralSecurityException {
        return decryptText(byteCipherText, defaultKey);
    }

    /** Replaces {@link #defaultKey} with a fresh random key and returns the old one. */
    public static SecretKey rotateDefaultKey() throws NoSuchAlgorithmException {
        SecretKey old = defaultKey;
        defaultKey = getSecretEncryptionKey();
        return old;
    }

    /** Lower-case hexadecimal form of {@code bytes}, two digits per byte. */
    public static String bytesToHex(byte[] bytes) {
        StringBuilder hex = new StringBuilder(bytes.length * 2);
        for (byte b : bytes) {
            hex.append(Character.forDigit((b >> 4) & 0xf, 16));
            hex.append(Character.forDigit(b & 0xf, 16));
        }
        return hex.toString();
    }

    private static String substitute(String text, String abecedarium) {
        if (abecedarium == null || abecedarium.length() != ALPHABET.length()) {
            throw new IllegalArgumentException("abecedarium must have " + ALPHABET.length() + " letters: " + abecedarium);
        }
        String upper = abecedarium.toUpperCase();
        StringBuilder out = new StringBuilder(text.length());
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            int index = ALPHABET.indexOf(Character.toUpperCase(c));
            if (index < 0) {
                out.append(c);
            } else {
                char replaced = upper.charAt(index);
                out.append(Character.isLowerCase(c) ? Character.toLowerCase(replaced) : replaced);
            }
        }
        return out.toString();
    }
}

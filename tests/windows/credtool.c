/* credtool.exe, for the keychain test under Wine only (tests/windows/keychain.rs): writes and
 * reads generic credentials in Windows Credential Manager the way windows-native-keyring-store
 * files them (target "<user>.<service>", the secret as UTF-16 without a terminator), so the
 * test can put a key where logodesk.exe looks and read back what logodesk.exe stored.
 *
 *   credtool write TARGET USER SECRET   exit 0, or 1 with the error code
 *   credtool read TARGET                prints the secret (UTF-8); exit 2 when there is none
 */
#include <windows.h>
#include <wincred.h>
#include <stdio.h>
#include <string.h>
#include <wchar.h>

int wmain(int argc, wchar_t **argv)
{
    if (argc == 5 && wcscmp(argv[1], L"write") == 0) {
        CREDENTIALW cred;
        memset(&cred, 0, sizeof cred);
        cred.Type = CRED_TYPE_GENERIC;
        cred.TargetName = argv[2];
        cred.UserName = argv[3];
        cred.CredentialBlob = (LPBYTE)argv[4];
        cred.CredentialBlobSize = (DWORD)(wcslen(argv[4]) * sizeof(wchar_t));
        cred.Persist = CRED_PERSIST_ENTERPRISE;
        if (!CredWriteW(&cred, 0)) {
            fprintf(stderr, "CredWriteW failed: %lu\n", GetLastError());
            return 1;
        }
        return 0;
    }
    if (argc == 3 && wcscmp(argv[1], L"read") == 0) {
        PCREDENTIALW cred = NULL;
        if (!CredReadW(argv[2], CRED_TYPE_GENERIC, 0, &cred)) {
            DWORD err = GetLastError();
            if (err == ERROR_NOT_FOUND)
                return 2;
            fprintf(stderr, "CredReadW failed: %lu\n", err);
            return 1;
        }
        int chars = (int)(cred->CredentialBlobSize / sizeof(wchar_t));
        char utf8[4096];
        int n = WideCharToMultiByte(CP_UTF8, 0, (LPCWCH)cred->CredentialBlob, chars, utf8,
                                    sizeof utf8, NULL, NULL);
        fwrite(utf8, 1, (size_t)n, stdout);
        CredFree(cred);
        return 0;
    }
    fprintf(stderr, "usage: credtool write TARGET USER SECRET | credtool read TARGET\n");
    return 64;
}

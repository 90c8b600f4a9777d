; logodesk's Windows installer (NSIS 3, `makensis`; built by packaging/windows/build.sh).
;
; Per user, without admin rights: the program goes to %LOCALAPPDATA%\Programs\logodesk, a
; Start-menu shortcut carries the app's AppUserModelID, "Installed apps" lists it (HKCU).
; Installing again upgrades in place. The person's data (%LOCALAPPDATA%\logodesk, whose
; `data` folder holds the databases and logs) is never touched by an install or an upgrade,
; and an uninstall keeps it unless asked: the checkbox on the uninstaller's page, or `/PURGE`
; for a silent uninstall (`/S /PURGE`).
;
; Defined on the command line by build.sh:
;   VERSION    the package version, e.g. 0.1.0 (from Cargo.toml)
;   VIVERSION  the same as four numbers, e.g. 0.1.0.0 (VERSIONINFO)
;   EXE        the logodesk.exe to install
;   SRCDIR     the repository's root (README.md, LICENSE, assets/logodesk.ico)
;   OUTFILE    the installer to write
;   COMPRESSOR NSIS's compressor, "/SOLID lzma" (smallest) unless build.sh is asked --fast

; A 64-bit installer for a 64-bit program (it also runs under Wine without wine32).
Target amd64-unicode
ManifestDPIAware true
ManifestSupportedOS all
RequestExecutionLevel user

!ifndef VERSION | VIVERSION | EXE | SRCDIR | OUTFILE | COMPRESSOR
  !error "build with packaging/windows/build.sh (VERSION, VIVERSION, EXE, SRCDIR, OUTFILE and COMPRESSOR must be defined)"
!endif
SetCompressor ${COMPRESSOR}

!define APP "logodesk"
!define PUBLISHER "The logodesk developers"
; The app's AppUserModelID (its reverse-DNS id, as on macOS): the running window and the
; shortcut must carry the same one for the taskbar to group and pin them as one app.
!define AUMID "dk.logodesk.logodesk"
!define UNINST_KEY "Software\Microsoft\Windows\CurrentVersion\Uninstall\${APP}"

Name "${APP}"
Caption "${APP} ${VERSION}"
OutFile "${OUTFILE}"
InstallDir "$LOCALAPPDATA\Programs\${APP}"
; An upgrade goes where the last install went.
InstallDirRegKey HKCU "${UNINST_KEY}" "InstallLocation"
BrandingText "${APP} ${VERSION}"

VIProductVersion "${VIVERSION}"
VIFileVersion "${VIVERSION}"
VIAddVersionKey /LANG=0 "ProductName" "${APP}"
VIAddVersionKey /LANG=0 "ProductVersion" "${VERSION}"
VIAddVersionKey /LANG=0 "FileVersion" "${VERSION}"
VIAddVersionKey /LANG=0 "CompanyName" "${PUBLISHER}"
VIAddVersionKey /LANG=0 "FileDescription" "${APP} installer"
VIAddVersionKey /LANG=0 "LegalCopyright" "${PUBLISHER}, MIT license"

!include MUI2.nsh
!include LogicLib.nsh
!include FileFunc.nsh
!include nsDialogs.nsh
!include Win\COM.nsh
!include Win\Propkey.nsh

!define MUI_ICON "${SRCDIR}\assets\logodesk.ico"
!define MUI_UNICON "${SRCDIR}\assets\logodesk.ico"
!define MUI_ABORTWARNING
!define MUI_LANGDLL_ALLLANGUAGES
; The language chosen at install is the uninstaller's too.
!define MUI_LANGDLL_REGISTRY_ROOT HKCU
!define MUI_LANGDLL_REGISTRY_KEY "${UNINST_KEY}"
!define MUI_LANGDLL_REGISTRY_VALUENAME "Installer Language"
!define MUI_FINISHPAGE_RUN "$INSTDIR\${APP}.exe"

!insertmacro MUI_PAGE_WELCOME
!insertmacro MUI_PAGE_LICENSE "${SRCDIR}\LICENSE"
!insertmacro MUI_PAGE_DIRECTORY
!insertmacro MUI_PAGE_INSTFILES
!insertmacro MUI_PAGE_FINISH

!insertmacro MUI_UNPAGE_CONFIRM
UninstPage custom un.DataPage un.DataPageLeave
!insertmacro MUI_UNPAGE_INSTFILES

!insertmacro MUI_LANGUAGE "English"
!insertmacro MUI_LANGUAGE "Danish"

LangString RUNNING ${LANG_ENGLISH} "logodesk is running. Close it (File → Quit, or its window), then choose Retry."
LangString RUNNING ${LANG_DANISH} "logodesk kører. Luk det (Filer → Afslut, eller dets vindue), og vælg så Prøv igen."
LangString KEEP_DATA ${LANG_ENGLISH} "Your orders, accounts and settings stay in $LOCALAPPDATA\${APP} unless you tick the box below. Keys stay in Windows Credential Manager until removed there."
LangString KEEP_DATA ${LANG_DANISH} "Dine ordrer, konti og indstillinger bliver i $LOCALAPPDATA\${APP}, medmindre du sætter flueben nedenfor. Nøgler bliver i Windows Legitimationsstyring, indtil de fjernes dér."
LangString PURGE_DATA ${LANG_ENGLISH} "Also delete my logodesk data (orders, accounts, settings, logs)"
LangString PURGE_DATA ${LANG_DANISH} "Slet også mine logodesk-data (ordrer, konti, indstillinger, logfiler)"
LangString DATA_TITLE ${LANG_ENGLISH} "Your data"
LangString DATA_TITLE ${LANG_DANISH} "Dine data"
LangString DATA_SUBTITLE ${LANG_ENGLISH} "Choose whether your logodesk data is kept."
LangString DATA_SUBTITLE ${LANG_DANISH} "Vælg, om dine logodesk-data skal bevares."
LangString SHORTCUT_DESC ${LANG_ENGLISH} "Logos, drafts and orders for the print service"
LangString SHORTCUT_DESC ${LANG_DANISH} "Logoer, kladder og ordrer til trykservicen"

Var PurgeData
Var PurgeBox

Function .onInit
  !insertmacro MUI_LANGDLL_DISPLAY
FunctionEnd

Function un.onInit
  !insertmacro MUI_UNGETLANGUAGE
  StrCpy $PurgeData 0
  ${un.GetParameters} $R0
  ClearErrors
  ${un.GetOptions} $R0 "/PURGE" $R1
  ${IfNot} ${Errors}
    StrCpy $PurgeData 1
  ${EndIf}
FunctionEnd

; A running logodesk.exe cannot be opened for writing (Windows holds its image): ask the
; person to close it, or, in a silent run, stop with exit code 2 and change nothing.
!macro WAIT_UNTIL_CLOSED un
Function ${un}WaitUntilClosed
  ${DoUntil} 0 = 1
    ${IfNot} ${FileExists} "$INSTDIR\${APP}.exe"
      Return
    ${EndIf}
    ClearErrors
    FileOpen $R9 "$INSTDIR\${APP}.exe" a
    ${IfNot} ${Errors}
      FileClose $R9
      Return
    ${EndIf}
    ${If} ${Silent}
      SetErrorLevel 2
      Quit
    ${EndIf}
    MessageBox MB_RETRYCANCEL|MB_ICONEXCLAMATION "$(RUNNING)" /SD IDCANCEL IDRETRY +2
    Quit
  ${Loop}
FunctionEnd
!macroend
!insertmacro WAIT_UNTIL_CLOSED ""
!insertmacro WAIT_UNTIL_CLOSED "un."

; Sets the shortcut's System.AppUserModel.ID through its IPropertyStore (NSIS's own COM
; helpers; Debian's nsis has no WinShell plugin).
Function SetShortcutAumid
  Pop $R0 ; the .lnk
  !insertmacro ComHlpr_CreateInProcInstance ${CLSID_ShellLink} ${IID_IShellLink} r1 ""
  ${If} $1 P<> 0
    ${IUnknown::QueryInterface} $1 '("${IID_IPersistFile}",.r2)'
    ${If} $2 P<> 0
      ${IPersistFile::Load} $2 '("$R0",${STGM_READWRITE})'
      ${IUnknown::QueryInterface} $1 '("${IID_IPropertyStore}",.r3)'
      ${If} $3 P<> 0
        System::Call '*(&w64 "${AUMID}")p.r4'
        System::Call '*${SYSSTRUCT_PROPERTYKEY}(${PKEY_AppUserModel_ID})p.r5'
        System::Call '*(&i2 ${VT_LPWSTR},&i6,p r4,&i8)p.r6'
        ${IPropertyStore::SetValue} $3 '($5,$6)'
        ${IPropertyStore::Commit} $3 ""
        System::Free $6
        System::Free $5
        System::Free $4
        ${IUnknown::Release} $3 ""
      ${EndIf}
      ${IPersistFile::Save} $2 '("$R0",1)'
      ${IUnknown::Release} $2 ""
    ${EndIf}
    ${IUnknown::Release} $1 ""
  ${EndIf}
FunctionEnd

Section "logodesk" SecMain
  SectionIn RO
  Call WaitUntilClosed
  SetOutPath "$INSTDIR"
  ; An upgrade overwrites the same files; the data folder is elsewhere and never touched.
  File "/oname=${APP}.exe" "${EXE}"
  File "/oname=README.md" "${SRCDIR}\README.md"
  File "/oname=LICENSE.txt" "${SRCDIR}\LICENSE"
  WriteUninstaller "$INSTDIR\uninstall.exe"

  CreateShortCut "$SMPROGRAMS\${APP}.lnk" "$INSTDIR\${APP}.exe" "" "$INSTDIR\${APP}.exe" 0 \
    SW_SHOWNORMAL "" "$(SHORTCUT_DESC)"
  Push "$SMPROGRAMS\${APP}.lnk"
  Call SetShortcutAumid

  WriteRegStr HKCU "${UNINST_KEY}" "DisplayName" "${APP}"
  WriteRegStr HKCU "${UNINST_KEY}" "DisplayVersion" "${VERSION}"
  WriteRegStr HKCU "${UNINST_KEY}" "Publisher" "${PUBLISHER}"
  WriteRegStr HKCU "${UNINST_KEY}" "DisplayIcon" "$INSTDIR\${APP}.exe,0"
  WriteRegStr HKCU "${UNINST_KEY}" "InstallLocation" "$INSTDIR"
  WriteRegStr HKCU "${UNINST_KEY}" "UninstallString" '"$INSTDIR\uninstall.exe"'
  WriteRegStr HKCU "${UNINST_KEY}" "QuietUninstallString" '"$INSTDIR\uninstall.exe" /S'
  WriteRegDWORD HKCU "${UNINST_KEY}" "NoModify" 1
  WriteRegDWORD HKCU "${UNINST_KEY}" "NoRepair" 1
  ${GetSize} "$INSTDIR" "/S=0K" $0 $1 $2
  WriteRegDWORD HKCU "${UNINST_KEY}" "EstimatedSize" "$0"
SectionEnd

Function un.DataPage
  !insertmacro MUI_HEADER_TEXT "$(DATA_TITLE)" "$(DATA_SUBTITLE)"
  nsDialogs::Create 1018
  Pop $0
  ${NSD_CreateLabel} 0 0 100% 36u "$(KEEP_DATA)"
  Pop $0
  ${NSD_CreateCheckbox} 0 44u 100% 12u "$(PURGE_DATA)"
  Pop $PurgeBox
  ${If} $PurgeData = 1
    ${NSD_Check} $PurgeBox
  ${EndIf}
  nsDialogs::Show
FunctionEnd

Function un.DataPageLeave
  ${NSD_GetState} $PurgeBox $PurgeData
  ${If} $PurgeData = ${BST_CHECKED}
    StrCpy $PurgeData 1
  ${Else}
    StrCpy $PurgeData 0
  ${EndIf}
FunctionEnd

Section "Uninstall"
  Call un.WaitUntilClosed
  Delete "$SMPROGRAMS\${APP}.lnk"
  Delete "$INSTDIR\${APP}.exe"
  Delete "$INSTDIR\README.md"
  Delete "$INSTDIR\LICENSE.txt"
  Delete "$INSTDIR\uninstall.exe"
  RMDir "$INSTDIR"
  DeleteRegKey HKCU "${UNINST_KEY}"
  ${If} $PurgeData = 1
    RMDir /r "$LOCALAPPDATA\${APP}"
  ${EndIf}
SectionEnd

; Inno Setup script of Span Studio's Windows installer: SpanStudio-VERSION-Setup.exe,
; made from the PyInstaller folder dist\span-studio (pyinstaller packaging\spanstudio.spec).
; A per-user install that needs no administrator: the app under
; %LOCALAPPDATA%\Programs\Span Studio, a Start-menu entry, an uninstaller, and
; "Open with" for the file types Span Studio reads.
; Build: iscc /DVersion=0.1.0 packaging\windows\spanstudio.iss  (run from the checkout)

#ifndef Version
  #define Version "0.1.0"
#endif
#define Name "Span Studio"
#define Exe "spanstudio-gui.exe"

[Setup]
AppId={{6E2D0F4B-7B5C-4F0E-9D3A-5A1B2C3D4E5F}
AppName={#Name}
AppVersion={#Version}
AppPublisher=Span Studio developers
DefaultDirName={autopf}\{#Name}
DefaultGroupName={#Name}
DisableProgramGroupPage=yes
PrivilegesRequired=lowest
PrivilegesRequiredOverridesAllowed=dialog
ArchitecturesAllowed=x64compatible
ArchitecturesInstallIn64BitMode=x64compatible
OutputDir=..\..\dist
OutputBaseFilename=SpanStudio-{#Version}-Setup
SetupIconFile=..\..\resources\icons\spanstudio.ico
UninstallDisplayIcon={app}\{#Exe}
Compression=lzma2
SolidCompression=yes
WizardStyle=modern
ChangesAssociations=yes

[Files]
Source: "..\..\dist\span-studio\*"; DestDir: "{app}"; Flags: ignoreversion recursesubdirs createallsubdirs

[Icons]
Name: "{group}\{#Name}"; Filename: "{app}\{#Exe}"
Name: "{group}\Uninstall {#Name}"; Filename: "{uninstallexe}"

[Registry]
; "Open with Span Studio" for the annotation files it reads (per user, removed on uninstall).
Root: HKA; Subkey: "Software\Classes\Applications\{#Exe}\shell\open\command"; ValueType: string; ValueData: """{app}\{#Exe}"" ""%1"""; Flags: uninsdeletekey
Root: HKA; Subkey: "Software\Classes\.vrt\OpenWithProgids"; ValueType: string; ValueName: "SpanStudio.Annotation"; ValueData: ""; Flags: uninsdeletevalue
Root: HKA; Subkey: "Software\Classes\.conll\OpenWithProgids"; ValueType: string; ValueName: "SpanStudio.Annotation"; ValueData: ""; Flags: uninsdeletevalue
Root: HKA; Subkey: "Software\Classes\.ann\OpenWithProgids"; ValueType: string; ValueName: "SpanStudio.Annotation"; ValueData: ""; Flags: uninsdeletevalue
Root: HKA; Subkey: "Software\Classes\.xmi\OpenWithProgids"; ValueType: string; ValueName: "SpanStudio.Annotation"; ValueData: ""; Flags: uninsdeletevalue
Root: HKA; Subkey: "Software\Classes\.jsonl\OpenWithProgids"; ValueType: string; ValueName: "SpanStudio.Annotation"; ValueData: ""; Flags: uninsdeletevalue
Root: HKA; Subkey: "Software\Classes\.tsv\OpenWithProgids"; ValueType: string; ValueName: "SpanStudio.Annotation"; ValueData: ""; Flags: uninsdeletevalue
Root: HKA; Subkey: "Software\Classes\SpanStudio.Annotation"; ValueType: string; ValueData: "Annotation file"; Flags: uninsdeletekey
Root: HKA; Subkey: "Software\Classes\SpanStudio.Annotation\DefaultIcon"; ValueType: string; ValueData: "{app}\{#Exe},0"
Root: HKA; Subkey: "Software\Classes\SpanStudio.Annotation\shell\open\command"; ValueType: string; ValueData: """{app}\{#Exe}"" ""%1"""

[Run]
Filename: "{app}\{#Exe}"; Description: "Start {#Name}"; Flags: nowait postinstall skipifsilent

// Original file: credentials/accounts/v1/accounts.proto


export interface Empty {
}

export interface Empty__Output {
}
